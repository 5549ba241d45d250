"""The package version (one place: the package, the CLI and pyproject agree; a test checks)."""

__version__ = "0.1.0"
