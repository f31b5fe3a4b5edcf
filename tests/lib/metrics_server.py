#!/usr/bin/env python3
"""A scripted /metrics endpoint on 127.0.0.1 for the tests of --metrics URL.

metrics_server.py PORTFILE MODE [FILE...]: binds a free port, writes it to
PORTFILE, answers GETs by MODE and stops by itself (after the last scrape of
'seq', or after 20 s whatever happens):
  seq FILE...  each GET gets the next file's bytes (200); stops after the last
  404          every GET gets 404
  stall        reads the request and sends nothing
  big          a 10 MB body of comment lines (chunked)
  cut FILE     a Content-Length past the bytes sent: the file cut mid-line
"""
import http.server
import os
import sys
import threading
import time


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send_body(self, data, length=None):
        self.send_response(200)
        self.send_header("Content-Type", "text/plain; version=0.0.4")
        self.send_header("Content-Length", str(length or len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        mode, files = self.server.mode, self.server.files
        if mode == "404":
            self.send_error(404)
        elif mode == "stall":
            time.sleep(15)
        elif mode == "big":
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            chunk = b"# padding " + b"x" * 1013 + b"\n"
            try:
                for _ in range(10 * 1024):
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                self.wfile.write(b"0\r\n\r\n")
            except OSError:
                pass
        elif mode == "cut":
            data = open(files[0], "rb").read()
            cut = data[: len(data) // 2]
            self.send_body(cut, len(data))
            self.close_connection = True
        else:
            with self.server.lock:
                k = self.server.served
                self.server.served += 1
            if k >= len(files):
                self.send_error(410)
                return
            self.send_body(open(files[k], "rb").read())
            if k + 1 == len(files):
                threading.Thread(target=self.server.shutdown).start()


def main():
    portfile, mode, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    srv.daemon_threads = True
    srv.mode, srv.files, srv.served, srv.lock = mode, files, 0, threading.Lock()
    tmp = portfile + ".tmp"
    with open(tmp, "w") as f:
        f.write("%d\n" % srv.server_address[1])
    os.rename(tmp, portfile)
    threading.Timer(20, srv.shutdown).start()
    srv.serve_forever()
    os._exit(0)


main()
