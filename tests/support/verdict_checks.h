#pragma once
// Checks on a `floodgate sync --json` report's bottleneck diagnosis, shared
// by the truth tests (tests/integration/test_bottleneck_truth.cpp on
// 127.0.0.1, tests/links/ on links and disks of their own).

#include "test_support.h"

#include <QJsonObject>
#include <QString>

namespace fgtest {

// The report on a run's stdout; a parse failure fails the current test.
QJsonObject reportOf(const CliRun& r);

// When `layer` was first shown (seconds since the job started), or -1.
double firstShown(const QJsonObject& report, const QString& layer);

// The verdict, the timeline and the start of stderr, for a failed check's message.
QByteArray verdictText(const CliRun& r);

// The job ended well, `layer` (and `end`, when given) is its verdict with
// evidence and more than half of the time, and the timeline showed it
// within `withinSec` of the start. Fails the current test otherwise (check
// QTest::currentTestFailed() after it).
void expectNamed(const CliRun& r, const QString& layer, const QString& end = {}, double withinSec = 5.0);

} // namespace fgtest
