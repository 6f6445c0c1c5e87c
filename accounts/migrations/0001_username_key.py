from django.conf import settings
from django.db import migrations, models
import django.db.models.deletion


def fill_keys(apps, schema_editor):
    """A key for every existing account. Two accounts whose names differ only in case or
    form cannot both keep their names: the migration stops and names them."""
    from accounts.names import username_key

    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    UsernameKey = apps.get_model("accounts", "UsernameKey")
    seen: dict[str, str] = {}
    clashes = []
    for user_id, username in User.objects.order_by("id").values_list("id", "username"):
        key = username_key(username)
        if key in seen:
            clashes.append(f"{seen[key]!r} and {username!r}")
            continue
        seen[key] = username
        UsernameKey.objects.create(user_id=user_id, key=key)
    if clashes:
        raise RuntimeError("These accounts' names differ only in case or form: " + "; ".join(clashes)
                           + ". Rename one of each pair (User.objects.filter(username=...).update(username=...))"
                           " and migrate again.")


class Migration(migrations.Migration):
    initial = True

    dependencies = [migrations.swappable_dependency(settings.AUTH_USER_MODEL)]

    operations = [
        migrations.CreateModel(
            name="UsernameKey",
            fields=[
                ("user", models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True,
                                              related_name="username_key", serialize=False,
                                              to=settings.AUTH_USER_MODEL)),
                ("key", models.TextField(help_text="username_key(username): NFKC, casefold, NFKC.", unique=True)),
            ],
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
    ]
