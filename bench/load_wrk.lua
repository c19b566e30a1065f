-- wrk script of bench/load_bench.py: every request carries the header the HTTPS proxy in
-- front of the app would set, responses other than 2xx are counted, and the summary is
-- printed as one JSON line (times in microseconds).

wrk.headers["X-Forwarded-Proto"] = "https"

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  non_2xx = 0
end

function response(status, headers, body)
  if status < 200 or status > 299 then
    non_2xx = non_2xx + 1
  end
end

function done(summary, latency, requests)
  local bad = 0
  for _, thread in ipairs(threads) do
    bad = bad + thread:get("non_2xx")
  end
  local e = summary.errors
  io.write(string.format(
    'LOAD-RESULT {"requests": %d, "duration_us": %d, "bytes": %d, "p50_us": %d, ' ..
    '"p90_us": %d, "p99_us": %d, "max_us": %d, "non_2xx": %d, "connect": %d, "read": %d, ' ..
    '"write": %d, "timeout": %d}\n',
    summary.requests, summary.duration, summary.bytes, latency:percentile(50),
    latency:percentile(90), latency:percentile(99), latency.max, bad, e.connect, e.read,
    e.write, e.timeout))
end
