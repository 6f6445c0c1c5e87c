"""The games app: rules engine (games/engine, pure Python), event store, services, API, pages."""
