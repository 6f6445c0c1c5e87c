# One image for every process of the stack (web, stream, worker, beat); docker-compose.yml
# picks the command.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DJANGO_SETTINGS_MODULE=rdi_service.settings

WORKDIR /app

COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt

COPY . .
RUN SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput

RUN useradd --create-home --uid 1000 rdi && chown -R rdi /app
USER rdi

EXPOSE 8000 8001
CMD ["gunicorn", "rdi_service.wsgi:application", "--bind", "0.0.0.0:8000", "--workers", "3"]
