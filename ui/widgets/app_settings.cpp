#include "widgets/app_settings.h"

#include "widgets/format.h"

#include <QSettings>

namespace fgui {
namespace {

const QString kLanguage = QStringLiteral("settings/language");
const QString kStateDir = QStringLiteral("settings/stateDir");
const QString kNotify = QStringLiteral("settings/notify");
const QString kHistoryDays = QStringLiteral("settings/historyDays");
const QString kDecimalUnits = QStringLiteral("settings/decimalUnits");

QString notifyWord(AppSettings::Notify n)
{
    switch (n) {
    case AppSettings::Notify::Problems: return QStringLiteral("problems");
    case AppSettings::Notify::Never: return QStringLiteral("never");
    case AppSettings::Notify::Always: break;
    }
    return QStringLiteral("always");
}

} // namespace

AppSettings AppSettings::load()
{
    QSettings s;
    AppSettings a;
    a.language = s.value(kLanguage).toString();
    a.stateDir = s.value(kStateDir).toString();
    const QString notify = s.value(kNotify).toString();
    a.notify = notify == QLatin1String("problems") ? Notify::Problems
               : notify == QLatin1String("never")  ? Notify::Never
                                                   : Notify::Always;
    a.historyDays = std::max(0, s.value(kHistoryDays, 0).toInt());
    a.decimalUnits = s.value(kDecimalUnits, false).toBool();
    return a;
}

void AppSettings::save() const
{
    QSettings s;
    s.setValue(kLanguage, language);
    s.setValue(kStateDir, stateDir);
    s.setValue(kNotify, notifyWord(notify));
    s.setValue(kHistoryDays, historyDays);
    s.setValue(kDecimalUnits, decimalUnits);
}

void applyDisplaySettings(const AppSettings& settings)
{
    setSizeUnits(settings.decimalUnits ? SizeUnits::Decimal : SizeUnits::Binary);
}

bool shouldNotify(AppSettings::Notify notify, bool problem)
{
    return notify == AppSettings::Notify::Always || (notify == AppSettings::Notify::Problems && problem);
}

} // namespace fgui
