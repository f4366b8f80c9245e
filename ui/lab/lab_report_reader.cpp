#include "lab/lab_report_reader.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace fgui {
namespace {

// The context the reader's messages are translated in.
class LabReportReader {
    Q_DECLARE_TR_FUNCTIONS(LabReportReader)
};

fg::Error invalid(const QString& message) { return fg::Error(fg::Errc::InvalidArgument, message.toStdString()); }

std::string str(const QJsonValue& v) { return v.toString().toStdString(); }

// Counts of bytes and seeds are written as integers; QJsonValue keeps those
// that fit a qint64 exact (a seed from the clock does), and reads the rest as
// doubles.
uint64_t u64(const QJsonValue& v)
{
    const qint64 exact = v.toInteger(-1);
    if (exact >= 0) return uint64_t(exact);
    const double d = v.toDouble(0);
    return d > 0 ? uint64_t(d) : 0;
}

std::optional<double> optionalNumber(const QJsonValue& v)
{
    if (!v.isDouble()) return std::nullopt; // null: not measured
    return v.toDouble();
}

// The (factor, level) pairs in --vary order. A JSON object's keys come back
// sorted by name, but the label keeps the order: "streams=4 cipher=aes128-gcm".
std::vector<std::pair<std::string, std::string>> levelsInLabelOrder(const QJsonObject& levels, const QString& label)
{
    std::vector<std::pair<std::string, std::string>> out;
    std::vector<qsizetype> at;
    for (auto it = levels.begin(); it != levels.end(); ++it) {
        const QString key = it.key() + QLatin1Char('=');
        qsizetype pos = label.startsWith(key) ? 0 : label.indexOf(QLatin1Char(' ') + key);
        if (pos < 0) pos = label.size(); // not in the label: after those that are
        const auto place = std::upper_bound(at.begin(), at.end(), pos) - at.begin();
        at.insert(at.begin() + place, pos);
        out.insert(out.begin() + place, {it.key().toStdString(), str(it.value())});
    }
    return out;
}

fg::LabSummary readSummary(const QJsonObject& o)
{
    fg::LabSummary s;
    s.runs = unsigned(u64(o.value(QStringLiteral("runs"))));
    s.skipped = str(o.value(QStringLiteral("skipped")));
    s.medianSeconds = o.value(QStringLiteral("median_seconds")).toDouble();
    s.minSeconds = o.value(QStringLiteral("min_seconds")).toDouble();
    s.maxSeconds = o.value(QStringLiteral("max_seconds")).toDouble();
    s.medianRate = o.value(QStringLiteral("median_bytes_per_second")).toDouble();
    s.minRate = o.value(QStringLiteral("min_bytes_per_second")).toDouble();
    s.maxRate = o.value(QStringLiteral("max_bytes_per_second")).toDouble();
    s.medianWireBytes = u64(o.value(QStringLiteral("median_wire_bytes")));
    const QJsonObject cpu = o.value(QStringLiteral("median_cpu")).toObject();
    s.medianCpuSeconds = optionalNumber(cpu.value(QStringLiteral("here")));
    s.medianFarCpuSeconds = optionalNumber(cpu.value(QStringLiteral("there")));
    s.bottleneck = str(o.value(QStringLiteral("bottleneck")));
    s.predictedRate = optionalNumber(o.value(QStringLiteral("predicted_bytes_per_second")));
    s.prediction = str(o.value(QStringLiteral("prediction")));
    s.likeBest = o.value(QStringLiteral("like_best")).toBool();
    return s;
}

fg::LabTrial readTrial(const QJsonObject& o, size_t setting)
{
    fg::LabTrial t;
    t.setting = setting;
    t.run = unsigned(u64(o.value(QStringLiteral("run"))));
    t.ok = o.value(QStringLiteral("ok")).toBool();
    t.seconds = o.value(QStringLiteral("seconds")).toDouble();
    t.bytes = u64(o.value(QStringLiteral("bytes")));
    t.wireBytes = u64(o.value(QStringLiteral("wire_bytes")));
    const QJsonObject cpu = o.value(QStringLiteral("cpu")).toObject();
    t.cpuSeconds = optionalNumber(cpu.value(QStringLiteral("here")));
    t.farCpuSeconds = optionalNumber(cpu.value(QStringLiteral("there")));
    t.bottleneck = str(o.value(QStringLiteral("bottleneck")));
    t.error = str(o.value(QStringLiteral("error")));
    const QJsonArray curve = o.value(QStringLiteral("curve")).toArray();
    t.curve.reserve(size_t(curve.size()));
    for (const QJsonValue& point : curve) {
        const QJsonArray pair = point.toArray();
        if (pair.size() != 2) continue;
        t.curve.push_back({pair.at(0).toDouble(), pair.at(1).toDouble()});
    }
    return t;
}

} // namespace

fg::Result<fg::LabReport> readLabReport(const QByteArray& json)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (doc.isNull()) {
        return invalid(LabReportReader::tr("Not JSON: %1 (at byte %2)").arg(error.errorString()).arg(error.offset));
    }
    const QJsonObject root = doc.object();
    const QJsonObject summary = root.value(QStringLiteral("summary")).toObject();
    if (!root.contains(QStringLiteral("trials")) || !summary.value(QStringLiteral("settings")).isArray()) {
        return invalid(LabReportReader::tr("Not a Floodgate lab experiment: it has no trials or no summary of settings "
                          "(save one from the Tuning Lab, or run `floodgate lab --json`)"));
    }

    fg::LabReport r;
    r.target = str(root.value(QStringLiteral("target")));
    r.workload = str(root.value(QStringLiteral("workload")));
    r.workloadFiles = u64(root.value(QStringLiteral("workload_files")));
    r.workloadBytes = u64(root.value(QStringLiteral("workload_bytes")));
    r.runs = unsigned(u64(root.value(QStringLiteral("runs"))));
    r.seed = u64(root.value(QStringLiteral("seed")));
    r.cancelled = root.value(QStringLiteral("cancelled")).toBool();
    r.linkRate = root.value(QStringLiteral("link_bytes_per_second")).toDouble();

    for (const QJsonValue& v : summary.value(QStringLiteral("settings")).toArray()) {
        const QJsonObject o = v.toObject();
        fg::LabSetting s;
        const QString label = o.value(QStringLiteral("setting")).toString();
        if (label.isEmpty()) return invalid(LabReportReader::tr("A setting in the summary has no name"));
        s.label = label.toStdString();
        s.options = str(o.value(QStringLiteral("options")));
        s.levels = levelsInLabelOrder(o.value(QStringLiteral("levels")).toObject(), label);
        r.settings.push_back(std::move(s));
        r.summaries.push_back(readSummary(o));
    }
    auto settingNamed = [&r](const std::string& label) -> std::optional<size_t> {
        for (size_t i = 0; i < r.settings.size(); ++i) {
            if (r.settings[i].label == label) return i;
        }
        return std::nullopt;
    };

    for (const QJsonValue& v : root.value(QStringLiteral("trials")).toArray()) {
        const QJsonObject o = v.toObject();
        const std::string label = str(o.value(QStringLiteral("setting")));
        const auto setting = settingNamed(label);
        if (!setting) {
            return invalid(LabReportReader::tr("A trial of \"%1\", a setting the summary does not list").arg(QString::fromStdString(label)));
        }
        r.trials.push_back(readTrial(o, *setting));
    }

    const QJsonValue best = summary.value(QStringLiteral("best"));
    if (best.isObject()) {
        const QJsonObject b = best.toObject();
        const std::string label = str(b.value(QStringLiteral("setting")));
        r.best = settingNamed(label);
        if (!r.best) return invalid(LabReportReader::tr("The best setting \"%1\" is not among the settings").arg(QString::fromStdString(label)));
        r.margin = b.value(QStringLiteral("margin")).toDouble();
        r.significant = b.value(QStringLiteral("significant")).toBool();
        r.reproduce = str(b.value(QStringLiteral("reproduce")));
    }
    r.conclusion = str(summary.value(QStringLiteral("conclusion")));
    for (const QJsonValue& n : root.value(QStringLiteral("notes")).toArray()) r.notes.push_back(str(n));
    return r;
}

fg::Result<fg::LabReport> readLabReportFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return fg::Error(fg::Errc::Io, LabReportReader::tr("Cannot read %1: %2").arg(path, file.errorString()).toStdString());
    }
    // An experiment of a big matrix with curves is a few hundred KB; a file a
    // thousand times that is not one, and is not read whole into memory.
    constexpr qint64 kMaxReportBytes = 256ll << 20;
    if (file.size() > kMaxReportBytes) {
        return invalid(LabReportReader::tr("%1 is too big to be a lab experiment").arg(path));
    }
    auto report = readLabReport(file.readAll());
    if (!report) return fg::Error(report.error().code, LabReportReader::tr("%1: %2").arg(path, QString::fromStdString(report.error().message)).toStdString());
    return report;
}

} // namespace fgui
