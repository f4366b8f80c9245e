// The lab's report as JSON: what `floodgate lab --json` prints and the GUI
// saves (docs/LAB.md lists the fields).

#include <floodgate/json.h>
#include <floodgate/lab.h>

namespace fg {
namespace {

void trialJson(JsonWriter& j, const LabReport& r, const LabTrial& t)
{
    j.beginObject();
    j.key("setting").value(r.settings[t.setting].label);
    j.key("run").value(uint64_t(t.run)).key("ok").value(t.ok);
    j.key("seconds").value(t.seconds).key("bytes").value(t.bytes).key("wire_bytes").value(t.wireBytes);
    j.key("cpu").beginObject().key("here").value(t.cpuSeconds).key("there").value(t.farCpuSeconds).endObject();
    j.key("bottleneck").value(t.bottleneck);
    if (!t.ok) j.key("error").value(t.error);
    j.key("curve").beginArray();
    for (const auto& p : t.curve) j.beginArray().value(p.atSec).value(uint64_t(p.bytesPerSec)).endArray();
    j.endArray();
    j.endObject();
}

} // namespace

std::string labReportJson(const LabReport& r)
{
    JsonWriter j;
    j.beginObject();
    j.key("target").value(r.target).key("workload").value(r.workload);
    j.key("workload_files").value(r.workloadFiles).key("workload_bytes").value(r.workloadBytes);
    j.key("runs").value(uint64_t(r.runs)).key("seed").value(r.seed).key("cancelled").value(r.cancelled);
    j.key("link_bytes_per_second").value(uint64_t(r.linkRate));
    j.key("trials").beginArray();
    for (const auto& t : r.trials) trialJson(j, r, t);
    j.endArray();
    j.key("summary").beginObject();
    j.key("settings").beginArray();
    for (size_t i = 0; i < r.settings.size(); ++i) {
        const LabSummary& s = r.summaries[i];
        j.beginObject();
        j.key("setting").value(r.settings[i].label).key("options").value(r.settings[i].options);
        j.key("levels").beginObject();
        for (const auto& [factor, level] : r.settings[i].levels) j.key(factor).value(level);
        j.endObject();
        j.key("runs").value(uint64_t(s.runs));
        if (!s.skipped.empty()) j.key("skipped").value(s.skipped);
        j.key("median_seconds").value(s.medianSeconds).key("min_seconds").value(s.minSeconds);
        j.key("max_seconds").value(s.maxSeconds);
        j.key("median_bytes_per_second").value(uint64_t(s.medianRate));
        j.key("min_bytes_per_second").value(uint64_t(s.minRate)).key("max_bytes_per_second").value(uint64_t(s.maxRate));
        j.key("median_wire_bytes").value(s.medianWireBytes);
        j.key("median_cpu").beginObject().key("here").value(s.medianCpuSeconds).key("there").value(s.medianFarCpuSeconds);
        j.endObject();
        j.key("bottleneck").value(s.bottleneck);
        j.key("predicted_bytes_per_second").value(s.predictedRate);
        j.key("prediction").value(s.prediction);
        j.key("like_best").value(s.likeBest);
        j.endObject();
    }
    j.endArray();
    j.key("best");
    if (r.best) {
        j.beginObject();
        j.key("setting").value(r.settings[*r.best].label).key("options").value(r.settings[*r.best].options);
        j.key("margin").value(r.margin).key("significant").value(r.significant);
        j.key("reproduce").value(r.reproduce);
        j.endObject();
    } else {
        j.value(std::optional<double>()); // null
    }
    j.key("conclusion").value(r.conclusion);
    j.endObject();
    j.key("notes").beginArray();
    for (const auto& n : r.notes) j.value(n);
    j.endArray();
    j.endObject();
    return j.str();
}


} // namespace fg
