#pragma once
// The bottleneck verdicts as the command line shows them (docs/DIAGNOSIS.md):
// a line for -v at each change and for the summary, a short tag for the
// --progress line, and the --json fields.

#include <floodgate/json.h>

#include <floodgate/job.h>

#include <string>

namespace fg::cli {

// "network-loss: 1.0% of what was sent was resent ...; fix: --congestion bbr ..."
std::string bottleneckLine(const Bottleneck& b);
// "limit: destination-write" (empty while nothing is judged yet).
std::string bottleneckTag(const Bottleneck& b);
// "bottleneck": {layer, end, share, evidence, fix, setting} and "bottleneck_timeline":
// [{from_seconds, to_seconds, layer, end}] of a job's result.
void writeBottleneckJson(JsonWriter& j, const JobResult& r);

} // namespace fg::cli
