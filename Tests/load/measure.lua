-- wrk script for Tests/load/http-load.sh: POST /v1/measure with real strings from
-- Benchmarks/Corpus/tags.tsv (CLDR territory names, 35 locales, 1,995 strings).
--
-- Even requests measure one tag: a hot set the shaping caches keep. Odd requests measure a pair of
-- tags of one locale (so of one script) that is new most of the time, as two words or as one
-- compound word ("Rindfleisch" + "etikettierung"), so the line and run caches keep missing and
-- evicting: their bounds, not the load, decide the memory. The fill load (wrk … -- 0 fill) sends
-- only new pairs, 16 per request, to take the caches to their capacity before the measured loads. Each request also picks a width and a Dynamic Type size.
-- Every answer must be 200; the others are counted (with the first one kept) and one RESULT line
-- is printed at the end for the shell script to read.

local corpus = os.getenv("TEXTFIT_CORPUS") or "Benchmarks/Corpus/tags.tsv"
local sizes = { "large", "xSmall", "accessibility3" }
local widths = { 80, 120, 320 }
local threads = {}

function setup(thread)
   table.insert(threads, thread)
   thread:set("id", #threads)
end

-- A JSON string literal: quotes, backslashes and control characters as \u escapes; UTF-8 as is.
local function json_string(text)
   return '"' .. text:gsub('[%c"\\]', function(c) return string.format("\\u%04x", c:byte()) end) .. '"'
end

function init(args)
   tags, locales, peers = {}, {}, {}  -- peers[locale]: that locale's tags
   for line in io.lines(corpus) do
      local locale, text = line:match("^([^#\t][^\t]*)\t(.+)$")
      if text then
         tags[#tags + 1], locales[#tags + 1] = text, locale
         peers[locale] = peers[locale] or {}
         table.insert(peers[locale], text)
      end
   end
   assert(#tags > 1000, "cannot read the corpus " .. corpus)
   -- Each thread starts elsewhere in the sequence, and each load (wrk … -- LOAD) elsewhere again.
   n = id * 104729 + (tonumber(args[1]) or 0) * 1000003
   fill = args[2] == "fill"
   non200 = 0
   first_error = ""
end

-- The text for step n: a tag, or (odd n, or always when filling) a pair from the same locale.
local function text(n, pair)
   local index = n % #tags + 1
   if not pair then return json_string(tags[index]) end
   local others = peers[locales[index]]
   local other = others[(n * 31 + math.floor(n / #tags)) % #others + 1]
   return json_string(tags[index] .. (n % 4 == 1 and " " or "") .. other)
end

function request()
   local texts
   if fill then  -- the fill load: 16 new pairs per request, to take the caches to capacity quickly
      local batch = {}
      for k = 1, 16 do
         n = n + 2
         batch[k] = text(n, true)
      end
      texts = table.concat(batch, ", ")
   else
      n = n + 1
      texts = text(n, n % 2 == 1)
   end
   local body = '{"texts": [' .. texts .. '], "style": "body", "width": ' .. widths[n % 3 + 1]
      .. ', "dynamicType": "' .. sizes[math.floor(n / 3) % 3 + 1] .. '"}'
   return wrk.format("POST", "/v1/measure", { ["Content-Type"] = "application/json" }, body)
end

function response(status, headers, body)
   if status ~= 200 then
      non200 = non200 + 1
      if first_error == "" then first_error = status .. " " .. body:sub(1, 300) end
   end
end

function done(summary, latency, requests)
   local bad, first = 0, ""
   for _, thread in ipairs(threads) do
      bad = bad + thread:get("non200")
      if first == "" then first = thread:get("first_error") end
   end
   local seconds = summary.duration / 1e6
   local e = summary.errors
   io.write(string.format(
      "RESULT requests=%d seconds=%.2f rps=%.1f p50_ms=%.2f p90_ms=%.2f p99_ms=%.2f max_ms=%.2f non200=%d "
         .. "connect_errors=%d read_errors=%d write_errors=%d timeouts=%d\n",
      summary.requests, seconds, summary.requests / seconds, latency:percentile(50) / 1e3,
      latency:percentile(90) / 1e3, latency:percentile(99) / 1e3, latency.max / 1e3, bad,
      e.connect, e.read, e.write, e.timeout))
   if first ~= "" then io.write("FIRST_ERROR " .. first .. "\n") end
end
