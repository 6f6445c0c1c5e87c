"""The replay app: replay frames, replay pages, export and verification."""
