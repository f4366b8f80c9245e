// The GUI as a process: a SIGTERM (or Ctrl-C) must end it through its event
// loop, so the demo's daemon stops and its scratch tree goes, not kill it on
// the spot with everything left behind.

#include <QDir>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

class TestGuiProcess : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sigtermEndsTheDemoCleanly()
    {
        // On a real display: the X11 platform starts a thread of its own as
        // the application comes up, which the offscreen one does not, and a
        // signal landing on that thread is what used to kill the process.
        const QString xvfb = QStandardPaths::findExecutable(QStringLiteral("Xvfb"));
        if (xvfb.isEmpty()) QSKIP("Xvfb is not installed (scripts/install-deps.sh installs it)");
        QProcess server;
        // -displayfd 1: Xvfb picks a free display and prints its number once it is ready.
        server.start(xvfb, {QStringLiteral("-displayfd"), QStringLiteral("1"), QStringLiteral("-screen"),
                            QStringLiteral("0"), QStringLiteral("1024x768x24"), QStringLiteral("-nolisten"),
                            QStringLiteral("tcp")});
        QVERIFY2(server.waitForStarted(10000), qPrintable(server.errorString()));
        QTRY_VERIFY_WITH_TIMEOUT(server.canReadLine(), 30000);
        const QString display = QStringLiteral(":") + QString::fromUtf8(server.readLine()).trimmed();

        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        QProcess gui;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("TMPDIR"), tmp.path()); // where the demo makes its tree
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
        env.insert(QStringLiteral("DISPLAY"), display);
        gui.setProcessEnvironment(env);
        gui.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        gui.start(QStringLiteral(FG_GUI_PATH), {QStringLiteral("--demo")});
        QVERIFY2(gui.waitForStarted(10000), qPrintable(gui.errorString()));

        const QDir dir(tmp.path());
        const QStringList pattern{QStringLiteral("floodgate-demo-*")};
        // The demo has begun: its scratch tree exists (its sample may still be
        // being written; the teardown waits for that).
        QTRY_VERIFY_WITH_TIMEOUT(!dir.entryList(pattern, QDir::Dirs).isEmpty(), 60000);

        gui.terminate(); // SIGTERM
        QVERIFY(gui.waitForFinished(120000));
        QCOMPARE(gui.exitStatus(), QProcess::NormalExit);
        QCOMPARE(gui.exitCode(), 0);
        QVERIFY2(dir.entryList(pattern, QDir::Dirs).isEmpty(), "the demo's scratch tree was left behind");
        server.terminate();
        server.waitForFinished(10000);
    }
};

QTEST_GUILESS_MAIN(TestGuiProcess)
#include "test_gui_process.moc"
