"""The event loop's helpers: drawing only what changed (``compositor``), sleeping until the next
event (``waiting``), waking from another thread (``wake``), the window on the desktop, memory."""
