// The GUI in Simplified Chinese, Japanese and Spanish: every string of the
// sources has a translation in each language (lupdate is run on the
// sources, so a new tr() string without one fails here), translations keep
// their placeholders, and the window, built in each language, speaks it.

#include "models/history_model.h"
#include "widgets/app_settings.h"
#include "widgets/history_window.h"
#include "widgets/language.h"
#include "widgets/main_window.h"
#include "widgets/settings_dialog.h"

#include <floodgate/history.h>

#include "test_support.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {

const QStringList kLanguages = {QStringLiteral("zh_CN"), QStringLiteral("ja"), QStringLiteral("es")};

QString tsPath(const QString& language)
{
    return QStringLiteral(FG_SOURCE_DIR "/ui/translations/floodgate_%1.ts").arg(language);
}

// What a translation must carry over from its source unchanged, sorted:
// placeholders (%1, %L1, %n), HTML tags, `code` and --flags.
QStringList kept(const QString& text)
{
    static const QRegularExpression re(
        QStringLiteral("%L?\\d|%n|</?[a-zA-Z][^>]*>|`[^`]*`|(?<![\\w-])--[a-zA-Z][\\w-]*"));
    QStringList out;
    for (auto it = re.globalMatch(text); it.hasNext();) out << it.next().captured();
    out.sort();
    return out;
}

// What is wrong with the messages of a .ts file: untranslated ones, and
// translations whose placeholders, tags, code, flags or line breaks differ
// from the source's.
QStringList problemsOf(const QString& path, int* messages)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {QStringLiteral("cannot open ") + path};
    QXmlStreamReader xml(&file);
    QStringList problems;
    QString context;
    QString source;
    *messages = 0;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) continue;
        if (xml.name() == QLatin1String("name")) context = xml.readElementText();
        else if (xml.name() == QLatin1String("source")) source = xml.readElementText();
        else if (xml.name() == QLatin1String("translation")) {
            ++*messages;
            const QString type = xml.attributes().value(QLatin1String("type")).toString();
            const QString where = context + QStringLiteral(": \"") + source.left(70) + QLatin1Char('"');
            // A plural message (%n) holds one <numerusform> per plural form
            // of the language; each is checked as a translation of its own.
            QStringList forms;
            QString text;
            while (xml.readNext() != QXmlStreamReader::EndElement || xml.name() != QLatin1String("translation")) {
                if (xml.atEnd()) break;
                if (xml.isCharacters()) text += xml.text();
                else if (xml.isStartElement() && xml.name() == QLatin1String("numerusform"))
                    forms << xml.readElementText();
            }
            if (forms.isEmpty()) forms << text;
            for (const QString& form : forms) {
                if (!type.isEmpty() || form.trimmed().isEmpty()) problems << QStringLiteral("no translation: ") + where;
                else if (kept(form) != kept(source))
                    problems << QStringLiteral("placeholders, tags, code or flags differ (") + kept(source).join(QLatin1Char(' '))
                                    + QStringLiteral(" / ") + kept(form).join(QLatin1Char(' ')) + QStringLiteral("): ") + where;
                else if (form.count(QLatin1Char('\n')) != source.count(QLatin1Char('\n')))
                    problems << QStringLiteral("line breaks differ: ") + where;
            }
        }
    }
    if (xml.hasError()) problems << path + QStringLiteral(": ") + xml.errorString();
    return problems;
}

} // namespace

class TestTranslations : public QObject {
    Q_OBJECT
private:
    fgtest::ScratchDir m_history{"fgui-tr-history"};

private Q_SLOTS:
    void cleanup() { fgui::useLanguage(QStringLiteral("en")); }

    // lupdate over the sources into copies of the .ts files: a string added
    // to the GUI and not translated in every language shows up here.
    void everyGuiStringIsTranslated()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QStringList copies;
        for (const QString& language : kLanguages) {
            const QString copy = dir.filePath(QFileInfo(tsPath(language)).fileName());
            QVERIFY(QFile::copy(tsPath(language), copy));
            QFile::setPermissions(copy, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
            copies << copy;
        }
        QProcess lupdate;
        lupdate.setProcessChannelMode(QProcess::MergedChannels);
        lupdate.start(QStringLiteral(FG_LUPDATE_PATH),
                      QStringList{QStringLiteral("-no-obsolete"), QStringLiteral("-locations"), QStringLiteral("none"),
                                  QStringLiteral(FG_SOURCE_DIR "/ui"), QStringLiteral(FG_SOURCE_DIR "/app/gui"),
                                  QStringLiteral("-ts")}
                          + copies);
        QVERIFY(lupdate.waitForFinished(120000));
        const QByteArray said = lupdate.readAll();
        QVERIFY2(lupdate.exitCode() == 0, said.constData());
        for (const QString& copy : copies) {
            int messages = 0;
            const QStringList problems = problemsOf(copy, &messages);
            QVERIFY2(messages > 700, qPrintable(copy + QStringLiteral(": only %1 messages").arg(messages)));
            QVERIFY2(problems.isEmpty(),
                     qPrintable(QFileInfo(copy).fileName() + QStringLiteral(" (update with `cmake --build build --target "
                                                                          "update_translations`, then translate):\n")
                                + problems.mid(0, 20).join(QLatin1Char('\n'))));
        }
    }

    void theWindowSpeaksEachLanguage()
    {
        const int64_t day = 86400000, t0 = fg::unixTimeMs() - 5 * day;
        for (int i = 0; i < 3; ++i) {
            fg::RunRecord r;
            r.job = "photos";
            r.origin = i == 2 ? "schedule" : "gui";
            r.startedAtMs = t0 + i * day;
            r.seconds = 30 + 10 * i;
            r.state = i == 2 ? "failed" : "done";
            r.exitCode = i == 2 ? 10 : 0;
            r.fatal = i == 2 ? "connection refused" : "";
            r.bytesTransferred = uint64_t(300 + 100 * i) << 20;
            QVERIFY(fg::recordRun(m_history.path(), r).empty());
        }
        for (const QString& language : kLanguages) {
            QCOMPARE(fgui::useLanguage(language), language);
            fgui::MainWindow window;
            auto* run = window.findChild<QPushButton*>(QStringLiteral("runButton"));
            QVERIFY(run);
            QVERIFY2(run->text() != QStringLiteral("Run"), qPrintable(language));
            QCOMPARE(run->text(), QCoreApplication::translate("fgui::MainWindow", "Run"));
            QVERIFY2(window.windowTitle() == QStringLiteral("Floodgate"), qPrintable(window.windowTitle()));
            if (!qEnvironmentVariableIsEmpty("FG_UI_GRAB_DIR")) {
                window.resize(1100, 750);
                window.show();
                QVERIFY(QTest::qWaitForWindowExposed(&window));
                QTest::qWait(200);
                window.grab().save(qEnvironmentVariable("FG_UI_GRAB_DIR") + QStringLiteral("/window-%1.png").arg(language));
            }
            // The everyday windows too: the history with a job's runs, and the settings.
            fgui::HistoryWindow history;
            history.setStateDir(m_history.path());
            history.showJob(QStringLiteral("photos"));
            QCOMPARE(history.model()->rowCount(), 3);
            QCOMPARE(history.model()->headerData(fgui::HistoryModel::ResultColumn, Qt::Horizontal).toString(),
                     QCoreApplication::translate("fgui::HistoryModel", "Result"));
            QVERIFY(history.model()->headerData(fgui::HistoryModel::ResultColumn, Qt::Horizontal).toString() !=
                    QStringLiteral("Result"));
            QVERIFY(history.selectRun(history.model()->runAt(0)->id));
            fgui::SettingsDialog settings(fgui::AppSettings{});
            QVERIFY(settings.windowTitle() != QStringLiteral("Settings"));
            if (!qEnvironmentVariableIsEmpty("FG_UI_GRAB_DIR")) {
                const QString dir = qEnvironmentVariable("FG_UI_GRAB_DIR");
                history.show();
                QVERIFY(QTest::qWaitForWindowExposed(&history));
                QTest::qWait(200);
                history.grab().save(dir + QStringLiteral("/history-%1.png").arg(language));
                settings.show();
                QVERIFY(QTest::qWaitForWindowExposed(&settings));
                settings.grab().save(dir + QStringLiteral("/settings-%1.png").arg(language));
            }
        }
        QCOMPARE(fgui::useLanguage(QStringLiteral("en")), QStringLiteral("en"));
        fgui::MainWindow english;
        QCOMPARE(english.findChild<QPushButton*>(QStringLiteral("runButton"))->text(), QStringLiteral("Run"));
        // A language there is no translation for: English, not a half-translated window.
        QCOMPARE(fgui::useLanguage(QStringLiteral("fi")), QStringLiteral("en"));
    }

    void numbersFollowTheLanguage()
    {
        fgui::useLanguage(QStringLiteral("es"));
        QCOMPARE(QLocale().toString(1.5, 'f', 1), QStringLiteral("1,5"));
        fgui::useLanguage(QStringLiteral("ja"));
        QCOMPARE(QLocale().toString(1.5, 'f', 1), QStringLiteral("1.5"));
    }
};

QTEST_MAIN(TestTranslations)
#include "test_translations.moc"
