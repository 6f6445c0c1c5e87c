"""The browser side of the service: lobby, table, history and auth pages, the game log
narrated from the engine's Effects, and the Server-Sent Events stream (docs/web.md)."""
