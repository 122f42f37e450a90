"""The slash commands: `/play` and its lobby, the `/game` group, `/stats`, `/settings`."""
