# shellcheck shell=bash
# Sourced by bin/run, bin/test and bin/bench: make sure a virtualenv with requirements.txt
# installed is active, doing the set-up on a fresh machine.
#
# - A virtualenv that is already active ($VIRTUAL_ENV) is used as it is, and requirements.txt
#   is installed into it when its hash changed.
# - Otherwise ./.venv is created (python3.11 if present, else python3) and used.
# A stamp file in the venv holds the sha256 of requirements.txt, so repeat runs cost nothing.
# flock serialises concurrent set-ups in the same tree.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

rdi_log() { printf '[rdi] %s\n' "$*" >&2; }

rdi_python_for_venv() {
    for candidate in python3.11 python3; do
        if command -v "$candidate" >/dev/null 2>&1; then
            echo "$candidate"
            return 0
        fi
    done
    rdi_log "no python3 found; install Python 3.11"
    return 1
}

rdi_ensure_venv() {
    local venv want have lock
    if [[ -n "${VIRTUAL_ENV:-}" ]]; then
        venv="$VIRTUAL_ENV"
    else
        venv="$ROOT/.venv"
    fi
    want="$(sha256sum "$ROOT/requirements.txt" | cut -d' ' -f1)"
    mkdir -p "$ROOT/var"
    lock="$ROOT/var/venv.lock"
    (
        flock 9
        if [[ ! -x "$venv/bin/python" ]]; then
            rdi_log "creating virtualenv $venv"
            "$(rdi_python_for_venv)" -m venv "$venv"
        fi
        have="$(cat "$venv/.requirements.sha256" 2>/dev/null || true)"
        if [[ "$have" != "$want" ]]; then
            rdi_log "installing requirements.txt into $venv"
            "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
            "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$ROOT/requirements.txt"
            echo "$want" > "$venv/.requirements.sha256"
        fi
    ) 9>"$lock"
    export VIRTUAL_ENV="$venv"
    export PATH="$venv/bin:$PATH"
    export PYTHONPATH="$ROOT${PYTHONPATH:+:$PYTHONPATH}"
    export DJANGO_SETTINGS_MODULE="${DJANGO_SETTINGS_MODULE:-rdi_service.settings}"
}

# Export DATABASE_URL, DATABASE_OWNER_URL, REDIS_URL and RDI_CELERY_QUEUE: the configured servers,
# else local ones, else the embedded ones (rdi_service/embedded.py). Its output is captured before
# the eval so that a failure stops the caller with the reason on stderr: `eval "$(...)"` would
# eval nothing and carry on with half a configuration.
rdi_use_services() {
    local exports
    exports="$(python -m rdi_service.embedded)" || { rdi_log "no database and Redis to use (the reason is above)"; exit 1; }
    eval "$exports"
}
