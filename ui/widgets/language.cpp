#include "widgets/language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QPointer>
#include <QTranslator>

namespace fgui {

namespace {

// The translators in force, owned by the application.
QPointer<QTranslator> g_own;
QPointer<QTranslator> g_qt;

void drop(QPointer<QTranslator>& t)
{
    if (!t) return;
    QCoreApplication::removeTranslator(t);
    delete t;
}

} // namespace

QStringList availableLanguages()
{
    return {QStringLiteral("en"), QStringLiteral("es"), QStringLiteral("ja"), QStringLiteral("zh_CN")};
}

QString useLanguage(const QString& language)
{
    drop(g_own);
    drop(g_qt);
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    // Numbers, sizes and dates in the language's own way (1,5 GB in Spanish).
    QLocale::setDefault(locale);
    if (locale.language() == QLocale::English || locale.language() == QLocale::C) return QStringLiteral("en");

    auto* own = new QTranslator(QCoreApplication::instance());
    // Tries floodgate_ja_JP, floodgate_ja, ... for the locale's languages in order.
    if (!own->load(locale, QStringLiteral("floodgate"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        delete own;
        return QStringLiteral("en");
    }
    QCoreApplication::installTranslator(own);
    g_own = own;
    auto* qt = new QTranslator(QCoreApplication::instance());
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
        g_qt = qt;
    } else {
        delete qt; // Qt's own strings stay English where its translations are not installed
    }
    const QString file = own->filePath();
    const qsizetype at = file.indexOf(QStringLiteral("floodgate_"));
    return at < 0 ? locale.name() : file.mid(at + 10).section(QLatin1Char('.'), 0, 0);
}

} // namespace fgui
