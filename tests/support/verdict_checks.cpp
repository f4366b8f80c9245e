#include "verdict_checks.h"

#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;

namespace fgtest {

QJsonObject reportOf(const CliRun& r)
{
    QString error;
    QJsonObject report = parseJsonObject(r.out, &error);
    if (!error.isEmpty()) QTest::qFail(qPrintable(error + u"\n"_s + QString::fromUtf8(r.err.left(2000))), __FILE__, __LINE__);
    return report;
}

double firstShown(const QJsonObject& report, const QString& layer)
{
    for (const auto& v : report.value(u"bottleneck_timeline"_s).toArray()) {
        const QJsonObject span = v.toObject();
        if (span.value(u"layer"_s).toString() == layer) return span.value(u"from_seconds"_s).toDouble();
    }
    return -1;
}

QByteArray verdictText(const CliRun& r)
{
    QString error;
    const QJsonObject report = parseJsonObject(r.out, &error);
    const QJsonObject b = report.value(u"bottleneck"_s).toObject();
    QByteArray text = "verdict " + b.value(u"layer"_s).toString().toUtf8() + " (" + b.value(u"end"_s).toString().toUtf8()
                      + ", share " + QByteArray::number(b.value(u"share"_s).toDouble())
                      + "): " + b.value(u"evidence"_s).toString().toUtf8() + "\nfix: " + b.value(u"fix"_s).toString().toUtf8()
                      + "\ntimeline:";
    for (const auto& v : report.value(u"bottleneck_timeline"_s).toArray()) {
        const QJsonObject s = v.toObject();
        text += " [" + QByteArray::number(s.value(u"from_seconds"_s).toDouble()) + "-"
                + QByteArray::number(s.value(u"to_seconds"_s).toDouble()) + " " + s.value(u"layer"_s).toString().toUtf8()
                + "]";
    }
    return text + "\nseconds: " + QByteArray::number(report.value(u"seconds"_s).toDouble())
           + "\nstderr: " + r.err.left(2000);
}

void expectNamed(const CliRun& r, const QString& layer, const QString& end, double withinSec)
{
    QVERIFY2(r.exitCode == 0, explain(r).constData());
    const QJsonObject report = reportOf(r);
    const QJsonObject b = report.value(u"bottleneck"_s).toObject();
    QVERIFY2(b.value(u"layer"_s).toString() == layer, verdictText(r).constData());
    if (!end.isEmpty()) QVERIFY2(b.value(u"end"_s).toString() == end, verdictText(r).constData());
    QVERIFY2(!b.value(u"evidence"_s).toString().isEmpty(), verdictText(r).constData());
    QVERIFY2(b.value(u"share"_s).toDouble() > 0.5, verdictText(r).constData());
    const double shown = firstShown(report, layer);
    QVERIFY2(shown >= 0 && shown <= withinSec, verdictText(r).constData());
}

} // namespace fgtest
