"""The leaf every layer stands on: files read as untrusted input (``safeio``), where files
are (``paths``: bundled resources, the user-data folder) and checked YAML data (``data``).
Imports nothing of the project."""
