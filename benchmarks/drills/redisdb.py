"""A scratch database on the machine's Redis (127.0.0.1:6379), never stopped or flushed.

:meth:`RedisScratch.open` picks a database number that holds no key at the start (from
15 down), so that the drill's queue, bindings and results sit apart from other work;
every key and entry named after the drill's unique ``token`` (its queue and worker name),
and the results of the tasks it sent, are removed by :meth:`RedisScratch.cleanup`.
"""

from __future__ import annotations

from benchmarks.load.common import LOOPBACK

REDIS_PORT = 6379
CANDIDATE_DBS = range(15, 7, -1)


class RedisScratch:
    def __init__(self, token: str, port: int = REDIS_PORT) -> None:
        self.token = token
        self.port = port
        self.db: int | None = None
        self.url = ""
        self.app = None  # a Celery app that sends to, and reads results from, this database
        self.client = None
        self.task_ids: list[str] = []

    def send(self, name: str, args: list):
        """Send task ``name`` to the drill's queue; returns its ``AsyncResult``."""
        result = self.app.send_task(name, args=args, queue=self.token)
        self.task_ids.append(result.id)
        return result

    def open(self) -> str | None:
        """``None`` when ready, else why not."""
        import redis
        from celery import Celery

        try:
            for db in CANDIDATE_DBS:
                client = redis.Redis(host=LOOPBACK, port=self.port, db=db, socket_timeout=5)
                if client.dbsize() == 0:
                    self.db, self.client = db, client
                    break
                client.close()
        except redis.RedisError as exc:
            return f"cannot reach {LOOPBACK}:{self.port}: {exc}"
        if self.client is None:
            return f"no empty database among {CANDIDATE_DBS.stop + 1}..{CANDIDATE_DBS.start}"
        self.url = f"redis://{LOOPBACK}:{self.port}/{self.db}"
        self.app = Celery("drills", broker=self.url, backend=self.url)
        self.app.conf.task_default_queue = self.token
        return None

    def cleanup(self) -> str:
        """Remove what the drill left; says what was removed and what is left."""
        if self.client is None:
            return "redis: nothing to clean"
        if self.app is not None:
            try:
                self.app.backend.result_consumer.stop()
            except Exception:  # the consumer may never have started
                pass
            self.app.close()
        removed = 0
        client = self.client
        token = self.token.encode()
        for key in list(client.scan_iter(count=500)):
            kind = client.type(key)
            if token in key:
                removed += client.delete(key)
            elif kind == b"set" and key.startswith(b"_kombu.binding."):
                members = [m for m in client.smembers(key) if token in m]
                if members:
                    removed += client.srem(key, *members)
            elif kind == b"hash" and key == b"unacked":
                fields = [f for f, v in client.hgetall(key).items() if token in v]
                if fields:
                    removed += client.hdel(key, *fields)
                    client.zrem(b"unacked_index", *fields)
        for task_id in self.task_ids:
            removed += client.delete(f"celery-task-meta-{task_id}")
        # Kombu's sweep bookkeeping of binding tables: drop the entries of tables now gone.
        deadlines = b"_kombu.binding_deadlines"
        gone = [m for m in client.zrange(deadlines, 0, -1)
                if not client.exists(b"_kombu.binding." + m)]
        if gone:
            removed += client.zrem(deadlines, *gone)
        left = client.dbsize()
        client.close()
        self.client = None
        return (f"redis db {self.db}: {removed} keys or entries removed, {left} keys left"
                + (" (not the drill's: another job uses this database now)" if left else ""))
