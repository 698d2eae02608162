"""Operations: health probes, heartbeat, logs, telemetry."""
