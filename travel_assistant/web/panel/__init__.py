"""The memory panel: its props, data, element, callbacks and change watch."""
