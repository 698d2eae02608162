"""Secrets are masked at the door: the scanners, their values, and the masks."""
