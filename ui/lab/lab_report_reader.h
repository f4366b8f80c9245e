#pragma once
// Reads a Tuning Lab experiment back: the JSON fg::labReportJson() writes, which
// is both what the window saves and what `floodgate lab --json` prints
// (docs/LAB.md lists the fields). Numbers come back as written (times to the
// millisecond, rates to the byte a second), so a saved experiment reopens with
// the table, the charts and the best it was saved with.

#include <floodgate/error.h>
#include <floodgate/lab.h>

#include <QByteArray>
#include <QString>

namespace fgui {

fg::Result<fg::LabReport> readLabReport(const QByteArray& json);
fg::Result<fg::LabReport> readLabReportFile(const QString& path);

} // namespace fgui
