from django.db import migrations, models


def fill_skeletons(apps, schema_editor):
    """A skeleton for every existing account, oldest first. An account whose name looks like an
    older one's (e.g. "stаffadv" beside "staffadv") keeps its name and can still log in, but
    gets no skeleton (NULL): the older account holds it, so no new look-alike of either can
    sign up. Stopping the migration instead would block the deployment on exactly the accounts
    this guards against; they are printed so that staff can review (and rename) them."""
    from accounts.names import username_skeleton

    UsernameKey = apps.get_model("accounts", "UsernameKey")
    seen: dict[str, str] = {}
    for row in UsernameKey.objects.select_related("user").order_by("user_id"):
        skeleton = username_skeleton(row.user.username)
        if skeleton in seen:
            print(f"\n[accounts] {row.user.username!r} looks like the older account {seen[skeleton]!r}: "
                  "it keeps its name but holds no skeleton; review it in the admin.")
            continue
        seen[skeleton] = row.user.username
        row.skeleton = skeleton
        row.save(update_fields=["skeleton"])


class Migration(migrations.Migration):
    dependencies = [("accounts", "0001_username_key")]

    operations = [
        migrations.AddField(
            model_name="usernamekey",
            name="skeleton",
            field=models.TextField(help_text="username_skeleton(username): the TR39 skeleton of the key.", null=True,
                                   unique=True),
        ),
        migrations.RunPython(fill_skeletons, migrations.RunPython.noop),
    ]
