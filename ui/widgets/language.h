#pragma once
// The GUI's language: Floodgate's own strings (ui/translations, embedded as
// :/i18n/floodgate_LANG.qm) and Qt's own (its dialogs' buttons), and the
// locale numbers and dates are written in.

#include <QString>
#include <QStringList>

namespace fgui {

// The languages the GUI has, as codes ("en" is the strings in the source).
QStringList availableLanguages();

// Puts `language` ("zh_CN", "ja", "es", "en"; empty: the system's) in force
// for the application, replacing one put in force before. Returns the code
// of the language the GUI now speaks ("en" when there is no translation
// for the one asked).
QString useLanguage(const QString& language);

} // namespace fgui
