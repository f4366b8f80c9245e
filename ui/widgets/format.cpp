#include "widgets/format.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

#include <cmath>

namespace fgui {
namespace {


const QString kSep = QStringLiteral(" \u00b7 ");

QString filesWord(uint64_t n) { return n == 1 ? QCoreApplication::translate("fgui::format", "file") : QCoreApplication::translate("fgui::format", "files"); }

} // namespace

namespace {
// The GUI thread's setting; the formatters run there.
SizeUnits g_units = SizeUnits::Binary;
} // namespace

void setSizeUnits(SizeUnits units) { g_units = units; }

SizeUnits sizeUnits() { return g_units; }

double bytesPerMegabyte() { return g_units == SizeUnits::Decimal ? 1e6 : 1024.0 * 1024.0; }

QString formatBytes(uint64_t bytes)
{
    static const char* const kBinary[] = {"B", "KB", "MB", "GB", "TB", "PB", "EB"};
    static const char* const kDecimal[] = {"B", "kB", "MB", "GB", "TB", "PB", "EB"};
    const char* const* kUnits = g_units == SizeUnits::Decimal ? kDecimal : kBinary;
    const double base = g_units == SizeUnits::Decimal ? 1000.0 : 1024.0;
    const QLocale locale;
    if (bytes < 1000) return QStringLiteral("%1 B").arg(locale.toString(qulonglong(bytes)));
    double value = double(bytes);
    int unit = 0;
    // 999.5 rather than 1024: "1,010 KB" is four digits to read where "1.0 MB" is two.
    while (value >= 999.5 && unit < 6) {
        value /= base;
        ++unit;
    }
    const QString number = value < 9.95 ? locale.toString(value, 'f', 1)
                                         : locale.toString(std::round(value), 'f', 0);
    return number + QLatin1Char(' ') + QLatin1String(kUnits[unit]);
}

QString formatRate(double bytesPerSec)
{
    if (!std::isfinite(bytesPerSec) || bytesPerSec < 0) bytesPerSec = 0;
    return formatBytes(uint64_t(std::llround(bytesPerSec))) + QStringLiteral("/s");
}

QString formatDuration(double seconds)
{
    if (!std::isfinite(seconds)) return QStringLiteral("\u2013");
    const long long total = std::max(0LL, std::llround(seconds));
    const long long h = total / 3600, m = (total % 3600) / 60, s = total % 60;
    if (h > 0) {
        return QStringLiteral("%1:%2:%3").arg(h).arg(m, 2, 10, QLatin1Char('0')).arg(s, 2, 10, QLatin1Char('0'));
    }
    return QStringLiteral("%1:%2").arg(m).arg(s, 2, 10, QLatin1Char('0'));
}

QString formatCount(uint64_t n) { return QLocale().toString(qulonglong(n)); }

std::optional<double> estimateEta(uint64_t remainingBytes, double bytesPerSec)
{
    if (remainingBytes == 0) return 0.0;
    if (!std::isfinite(bytesPerSec) || bytesPerSec <= 0) return std::nullopt;
    const double eta = std::ceil(double(remainingBytes) / bytesPerSec);
    // A trickle gives an ETA of weeks; "unknown" is more honest than a number that
    // changes by days with every tick.
    if (eta > 100.0 * 3600) return std::nullopt;
    return eta;
}

QString stateTitle(fg::JobState state)
{
    switch (state) {
    case fg::JobState::Pending: return QCoreApplication::translate("fgui::format", "Starting\u2026");
    case fg::JobState::Connecting: return QCoreApplication::translate("fgui::format", "Connecting\u2026");
    case fg::JobState::Reconnecting: return QCoreApplication::translate("fgui::format", "Reconnecting\u2026");
    case fg::JobState::Scanning: return QCoreApplication::translate("fgui::format", "Scanning\u2026");
    case fg::JobState::Planning: return QCoreApplication::translate("fgui::format", "Comparing\u2026");
    case fg::JobState::Transferring: return QCoreApplication::translate("fgui::format", "Transferring");
    case fg::JobState::Finishing: return QCoreApplication::translate("fgui::format", "Finishing\u2026");
    case fg::JobState::Done: return QCoreApplication::translate("fgui::format", "Done");
    case fg::JobState::Failed: return QCoreApplication::translate("fgui::format", "Failed");
    case fg::JobState::Cancelled: return QCoreApplication::translate("fgui::format", "Cancelled");
    }
    return {};
}

QString statusLine(const fg::MetricsSnapshot& s, double bytesPerSec)
{
    switch (s.state) {
    case fg::JobState::Pending:
    case fg::JobState::Connecting:
    case fg::JobState::Planning:
        return stateTitle(s.state);
    case fg::JobState::Reconnecting:
        // What is already there stays there: the bar and the counts hold.
        return stateTitle(s.state) + kSep + QCoreApplication::translate("fgui::format", "%1 of %2").arg(formatBytes(s.bytesDone), formatBytes(s.bytesToTransfer));
    case fg::JobState::Scanning:
        if (s.filesTotal == 0) return stateTitle(s.state);
        return stateTitle(s.state) + QLatin1Char(' ') +
               QCoreApplication::translate("fgui::format", "%1 %2 found").arg(formatCount(s.filesTotal), filesWord(s.filesTotal));
    case fg::JobState::Transferring:
    case fg::JobState::Finishing:
    case fg::JobState::Done:
    case fg::JobState::Failed:
    case fg::JobState::Cancelled:
        break;
    }
    QStringList parts;
    parts << QCoreApplication::translate("fgui::format", "%1 of %2").arg(formatBytes(s.bytesDone), formatBytes(s.bytesToTransfer));
    if (s.state == fg::JobState::Transferring) {
        parts << formatRate(bytesPerSec);
        const uint64_t remaining = s.bytesToTransfer > s.bytesDone ? s.bytesToTransfer - s.bytesDone : 0;
        if (auto eta = estimateEta(remaining, bytesPerSec)) parts << QCoreApplication::translate("fgui::format", "ETA %1").arg(formatDuration(*eta));
    }
    parts << QCoreApplication::translate("fgui::format", "%1 of %2 %3").arg(formatCount(s.filesDone), formatCount(s.filesToTransfer),
                                   filesWord(s.filesToTransfer));
    if (s.state == fg::JobState::Finishing) parts << QCoreApplication::translate("fgui::format", "finishing up");
    return parts.join(kSep);
}

QString resultLine(const fg::JobResult& r, bool dryRun)
{
    const QString took = formatDuration(r.seconds);
    switch (r.state) {
    case fg::JobState::Done: {
        if (dryRun) return QCoreApplication::translate("fgui::format", "Preview finished in %1").arg(took) + kSep + QCoreApplication::translate("fgui::format", "nothing was changed");
        QStringList parts;
        parts << QCoreApplication::translate("fgui::format", "Done") << QCoreApplication::translate("fgui::format", "%1 in %2").arg(formatBytes(r.bytesTransferred), took);
        if (r.seconds > 0 && r.bytesTransferred > 0) {
            parts << QCoreApplication::translate("fgui::format", "%1 average").arg(formatRate(double(r.bytesTransferred) / r.seconds));
        }
        parts << QCoreApplication::translate("fgui::format", "%1 %2 transferred").arg(formatCount(r.filesTransferred), filesWord(r.filesTransferred));
        if (r.filesDeleted > 0) parts << QCoreApplication::translate("fgui::format", "%1 deleted").arg(formatCount(r.filesDeleted));
        if (!r.errors.empty()) {
            parts << (r.errors.size() == 1 ? QCoreApplication::translate("fgui::format", "1 error")
                                           : QCoreApplication::translate("fgui::format", "%1 errors").arg(formatCount(r.errors.size())));
        }
        return parts.join(kSep);
    }
    case fg::JobState::Failed:
        return QCoreApplication::translate("fgui::format", "Failed after %1").arg(took) + kSep + QString::fromStdString(r.fatal.message);
    case fg::JobState::Cancelled:
        return QCoreApplication::translate("fgui::format", "Cancelled after %1").arg(took) + kSep +
               QCoreApplication::translate("fgui::format", "%1 transferred").arg(formatBytes(r.bytesTransferred));
    default:
        return stateTitle(r.state);
    }
}

} // namespace fgui
