#include "bridge/demo_launcher.h"
#include "widgets/app_settings.h"
#include "widgets/language.h"
#include "widgets/main_window.h"

#include <floodgate/signals.h>
#include <floodgate/system.h>

#include <QApplication>
#include <QCommandLineParser>
#include <QMetaObject>

int main(int argc, char** argv)
{
    fg::prepareProcessForTransfers();
    // Ctrl-C or a SIGTERM quits through the event loop, so a running job is
    // cancelled and the demo's scratch tree removed, as when the window closes.
    // Set up before QApplication, which starts threads of its own (the XCB
    // event reader): only threads made afterwards block the signals, and one
    // that lands on a thread made before ends the process on the spot. (One
    // that comes before the application exists is let go; a second one ends
    // the process.)
    fg::onInterrupt([] {
        if (QCoreApplication* app = QCoreApplication::instance())
            QMetaObject::invokeMethod(app, &QCoreApplication::quit, Qt::QueuedConnection);
    });
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Floodgate"));
    QApplication::setOrganizationName(QStringLiteral("Floodgate"));
    QApplication::setApplicationVersion(QStringLiteral(FLOODGATE_VERSION));

    // What Settings chose (the system's language when nothing), so the
    // options' help below is in it too; --language overrides it.
    const fgui::AppSettings settings = fgui::AppSettings::load();
    fgui::useLanguage(settings.language);
    fgui::applyDisplaySettings(settings);
    // Settings' Floodgate folder, unless FLOODGATE_HOME says otherwise: saved
    // jobs, the history, keys and pairings, for this process and the engine.
    if (!settings.stateDir.isEmpty() && qEnvironmentVariableIsEmpty("FLOODGATE_HOME"))
        qputenv("FLOODGATE_HOME", settings.stateDir.toLocal8Bit());
    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Fast, observable folder sync."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption demoOption(
        QStringLiteral("demo"),
        QApplication::translate("main", "Sync a generated sample tree to a daemon on this machine."));
    parser.addOption(demoOption);
    const QCommandLineOption languageOption(
        QStringLiteral("language"),
        QApplication::translate("main", "Show the window in LANGUAGE: en, es, ja or zh_CN (default: the system's)."),
        QStringLiteral("LANGUAGE"));
    parser.addOption(languageOption);
    parser.process(app);
    if (parser.isSet(languageOption)) fgui::useLanguage(parser.value(languageOption));

    // Declared before the window so it is destroyed after it: the window's job,
    // which talks to the demo's daemon, ends first.
    fgui::DemoLauncher demo;
    fgui::MainWindow window;
    window.show();

    if (parser.isSet(demoOption)) {
        QObject::connect(&demo, &fgui::DemoLauncher::ready, &window, &fgui::MainWindow::runSpec);
        QObject::connect(&demo, &fgui::DemoLauncher::failed, &window, [&window](const QString& message) {
            window.showError(QApplication::translate("main", "The demo could not be prepared"), message);
        });
        window.showNotice(QApplication::translate("main", "Preparing the demo: writing a sample tree and "
                                                          "starting a local daemon\u2026"));
        demo.prepare();
    }
    return app.exec();
}
