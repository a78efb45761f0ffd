// The nginx configuration of `npm run cluster`: one public port, round-robin over the app
// processes without sticky sessions (every request may land anywhere: state is in PostgreSQL and
// Redis), websockets proxied, and a request whose process is gone (connection refused, a restart)
// tried on the next one. The same blocks are what the README's production guide shows.
export type NginxOptions = {
  listenPort: number;
  appPorts: number[];
  /** Folder for nginx's pid, logs and temporary files. */
  prefix: string;
  /** Running as root: the workers stay root (they only proxy; their temp folder is ours). */
  asRoot: boolean;
  /** Largest request body: scan uploads carry up to 4 photos of 20 MB. */
  maxBodyMb: number;
};

// max_fails=0: a refused connection is tried on the next process at once, and no process is ever
// set aside for a while (with two processes restarted in turn, the one set aside could be the only
// one up: "no live upstreams", a 502 for a request another process could have answered).
export function nginxConfig(o: NginxOptions): string {
  const servers = o.appPorts.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n');
  return `# Written by server/cluster/run.ts — do not edit; regenerated on every start.
${o.asRoot ? 'user root;\n' : ''}worker_processes 1;
pid ${o.prefix}/nginx.pid;
error_log ${o.prefix}/error.log warn;
daemon off;
# Every websocket holds two connections here (the candidate's and the one to a process): 4,000
# candidates on exam day are 8,000 and more, past the 8,192 this once allowed (the bench's 'socket
# hang up's at 4,000). The file limit must cover them (root may raise its own).
worker_rlimit_nofile 65536;
events { worker_connections 32768; }

http {
  access_log off;
  client_body_temp_path ${o.prefix}/client_body;
  proxy_temp_path ${o.prefix}/proxy;
  fastcgi_temp_path ${o.prefix}/fastcgi;
  uwsgi_temp_path ${o.prefix}/uwsgi;
  scgi_temp_path ${o.prefix}/scgi;

  upstream grilio {
${servers}
    keepalive 64;
  }

  map $http_upgrade $connection_upgrade {
    default upgrade;
    ''      '';
  }

  server {
    listen 127.0.0.1:${o.listenPort};
    client_max_body_size ${o.maxBodyMb}m;

    # Metrics are for the operators' scraper, which asks each process directly.
    location = /metrics { return 404; }

    location / {
      proxy_pass http://grilio;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      # A websocket stays open for hours; the realtime engine pings it every activity timeout.
      proxy_read_timeout 3600s;
      proxy_send_timeout 3600s;
      proxy_buffering off;
      # A process that refuses the connection or is restarting: the next one. nginx never repeats a
      # POST that reached a process (non_idempotent is not set), so an answer is never saved twice.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
    }
  }
}
`;
}
