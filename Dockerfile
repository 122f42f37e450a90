# Astrolabe: the bot in a small image. The token comes from the environment at run time;
# the SQLite database lives on the /data volume so games survive container restarts.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    ASTROLABE_DB=/data/astrolabe.sqlite3

RUN apt-get update && apt-get install -y --no-install-recommends libfribidi0 \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --create-home --uid 10001 astrolabe \
    && mkdir /data && chown astrolabe /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY render ./render
COPY migrations ./migrations
RUN pip install --no-cache-dir -e .

USER astrolabe
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
