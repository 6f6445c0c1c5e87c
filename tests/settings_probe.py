"""Django's settings as a fresh process would load them: what a server module (wsgi, asgi)
sets at import, with environment variables of the test's own."""
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def settings_in_process(module: str, expression: str, *, unset: tuple[str, ...] = (), **env):
    """The JSON value of `expression` (over `settings`) after `import module` in a new Python,
    with the variables `unset` removed from this environment and `env` added."""
    code = f"import {module}; from django.conf import settings; import json; print(json.dumps({expression}))"
    clean = {k: v for k, v in os.environ.items() if k not in unset}
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={**clean, "PYTHONPATH": str(ROOT), "DJANGO_SETTINGS_MODULE": "rdi_service.settings", **env})
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout.strip().splitlines()[-1])
