"""The base under everything, the native binding included: the result types (``_types``), the checks of what a
caller gives (``_validate``), file I/O (``_files``), the native values' HTML (``_html``) and intervals (``_stats``).
Layer 0 (shengji/_layers.py); nothing here imports the package above it."""
