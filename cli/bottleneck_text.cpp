#include "bottleneck_text.h"

#include <cmath>

namespace fg::cli {

std::string bottleneckLine(const Bottleneck& b)
{
    if (b.layer.empty()) return {};
    std::string line = b.layer;
    if (!b.end.empty()) line += " (" + b.end + ")";
    if (!b.evidence.empty()) line += ": " + b.evidence;
    if (!b.fix.empty()) line += "; fix: " + b.fix;
    return line;
}

std::string bottleneckTag(const Bottleneck& b)
{
    if (b.layer.empty()) return {};
    return "limit: " + b.layer;
}

void writeBottleneckJson(JsonWriter& j, const JobResult& r)
{
    const Bottleneck& b = r.bottleneck;
    j.key("bottleneck").beginObject();
    // A job that moved no data has no verdict: "unknown", said so.
    j.key("layer").value(b.layer.empty() ? std::string("unknown") : b.layer);
    j.key("end").value(b.end);
    j.key("stage").value(b.stage);
    j.key("share").value(std::round(b.share * 1000) / 1000);
    j.key("evidence").value(b.layer.empty() ? std::string("no data moved long enough to judge") : b.evidence);
    j.key("fix").value(b.fix);
    j.key("setting").value(b.setting);
    j.endObject();
    j.key("bottleneck_timeline").beginArray();
    for (const BottleneckSpan& s : r.bottleneckTimeline) {
        j.beginObject();
        j.key("from_seconds").value(s.fromSec).key("to_seconds").value(s.toSec);
        j.key("layer").value(s.layer).key("end").value(s.end);
        j.endObject();
    }
    j.endArray();
}

} // namespace fg::cli
