"""What a module imports, read statically (ast), for the tests that keep layers apart."""
import ast
from pathlib import Path


def imports_of(path: Path) -> set[str]:
    """Every module a file imports and every `module.name` it imports from one, function-local
    imports included."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            out |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
    return out
