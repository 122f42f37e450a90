# Astrolabe: the bot in a small image. The token comes from the environment at run time;
# the SQLite database lives on the /data volume so games survive container restarts.

# Build the wheel from the sources (the migrations ship inside it, see setup.py) ...
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml setup.py README.md ./
COPY bot ./bot
COPY render ./render
COPY migrations ./migrations
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /wheels .

# ... and install it as a regular package, as `pip install .` would: no source tree in the image.
FROM python:3.11-slim

# The image serves /metrics and /healthz on 9108 (all interfaces, so Prometheus in another
# container can scrape it; publish the port only where you want it seen).
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    ASTROLABE_DB=/data/astrolabe.sqlite3 \
    ASTROLABE_METRICS_PORT=9108 \
    ASTROLABE_METRICS_ADDR=0.0.0.0

RUN apt-get update && apt-get install -y --no-install-recommends libfribidi0 \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --create-home --uid 10001 astrolabe \
    && mkdir /data && chown astrolabe /data

COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels

USER astrolabe
WORKDIR /home/astrolabe
VOLUME ["/data"]
EXPOSE 9108
# Healthy: connected to Discord and a database write commits (python -m bot health asks /healthz).
HEALTHCHECK --interval=30s --timeout=15s --start-period=60s --retries=3 CMD ["python", "-m", "bot", "health"]
CMD ["python", "-m", "bot"]
