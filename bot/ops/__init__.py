"""What an operator sees: metrics, the health check, one-line faults and the log format."""
