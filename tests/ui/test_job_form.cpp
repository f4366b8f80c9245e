#include "widgets/job_form.h"

#include <floodgate/options.h>

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTest>
#include <QToolButton>

namespace {
template <class T>
T* child(QWidget& w, const char* name)
{
    return w.findChild<T*>(QString::fromLatin1(name));
}
} // namespace

class TestJobForm : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void buildsASpecFromTheFields()
    {
        fgui::JobForm form;
        QVERIFY(!form.isComplete());
        QVERIFY(!form.spec().ok());
        form.setSource(QStringLiteral("  /home/ann/Pictures/ "));
        QVERIFY(!form.isComplete());
        form.setDestination(QStringLiteral("ann@nas:/volume1/pictures"));
        QVERIFY(form.isComplete());

        child<QCheckBox>(form, "checksumCheck")->setChecked(true);
        child<QCheckBox>(form, "deleteCheck")->setChecked(true);
        child<QLineEdit>(form, "bwlimitEdit")->setText(QStringLiteral("10M"));
        child<QPlainTextEdit>(form, "excludeEdit")->setPlainText(QStringLiteral("*.tmp\n\n  .cache/  \n"));
        child<QPlainTextEdit>(form, "includeEdit")->setPlainText(QStringLiteral("*.jpg"));
        child<QLineEdit>(form, "rshEdit")->setText(QStringLiteral("ssh -p 2222"));

        auto spec = form.spec();
        QVERIFY(spec.ok());
        QCOMPARE(spec->source, std::string("/home/ann/Pictures/"));
        QCOMPARE(spec->destination, std::string("ann@nas:/volume1/pictures"));
        const fg::SyncOptions& o = spec->options;
        QVERIFY(o.checksum && o.deleteExtraneous && !o.dryRun);
        QCOMPARE(o.bwlimitBytesPerSec, uint64_t(10) << 20);
        // Includes first, then excludes; blank lines dropped, whitespace trimmed.
        const std::vector<fg::FilterSpec> filters = {{fg::FilterSpec::Kind::Include, "*.jpg"},
                                                     {fg::FilterSpec::Kind::Exclude, "*.tmp"},
                                                     {fg::FilterSpec::Kind::Exclude, ".cache/"}};
        QVERIFY(o.filters == filters);
        QCOMPARE(o.rsh, std::string("ssh -p 2222"));
        QCOMPARE(o.remoteFloodgate, std::string("floodgate")); // empty field: the default
    }

    void showsABadRateInline()
    {
        fgui::JobForm form;
        form.show();
        form.setSource(QStringLiteral("/a/"));
        form.setDestination(QStringLiteral("/b"));
        auto* hint = child<QLabel>(form, "bwlimitHint");
        child<QLineEdit>(form, "bwlimitEdit")->setText(QStringLiteral("fast"));
        QVERIFY(!form.isComplete());
        QVERIFY(hint->isVisible());
        QVERIFY(hint->styleSheet().contains(QStringLiteral("#c62828")));
        QVERIFY(!hint->text().startsWith(QStringLiteral("--"))); // no command-line wording in a form
        auto spec = form.spec();
        QVERIFY(!spec.ok());
        QCOMPARE(spec.error().code, fg::Errc::InvalidArgument);

        child<QLineEdit>(form, "bwlimitEdit")->setText(QStringLiteral("1.5G"));
        QVERIFY(form.isComplete());
        QVERIFY(hint->styleSheet().isEmpty());
        QCOMPARE(hint->text(), QStringLiteral("At most 1.5 GB/s"));
    }

    void deleteIsFlagged()
    {
        fgui::JobForm form;
        form.show();
        auto* box = child<QCheckBox>(form, "deleteCheck");
        QVERIFY(box->styleSheet().isEmpty());
        box->setChecked(true);
        QVERIFY(box->styleSheet().contains(QStringLiteral("#c62828")));
        box->setChecked(false);
        QVERIFY(box->styleSheet().isEmpty());
    }

    void advancedStartsCollapsed()
    {
        fgui::JobForm form;
        form.show();
        auto* group = child<QWidget>(form, "advancedGroup");
        QVERIFY(!group->isVisible());
        child<QToolButton>(form, "advancedToggle")->click();
        QVERIFY(group->isVisible());
    }

    void setSpecRoundTrips()
    {
        fg::JobSpec in;
        in.source = "/srv/demo/tree/";
        in.destination = "floodgate://127.0.0.1:40123/demo/";
        in.options.dryRun = true;
        in.options.bwlimitBytesPerSec = 60ull << 20;
        in.options.filters = {{fg::FilterSpec::Kind::Include, "*.c"}, {fg::FilterSpec::Kind::Exclude, "*"}};
        in.options.stateDir = "/tmp/fg-state";
        fgui::JobForm form;
        form.setSpec(in);
        auto out = form.spec();
        QVERIFY(out.ok());
        QCOMPARE(out->source, in.source);
        QCOMPARE(out->destination, in.destination);
        QCOMPARE(out->options.dryRun, true);
        QCOMPARE(out->options.bwlimitBytesPerSec, in.options.bwlimitBytesPerSec);
        QVERIFY(out->options.filters == in.options.filters);
        QCOMPARE(out->options.stateDir, in.options.stateDir);
        QCOMPARE(out->options.rsh, std::string("ssh"));
    }

    void rateTextReadsBack_data()
    {
        QTest::addColumn<quint64>("rate");
        QTest::addColumn<QString>("text");
        QTest::newRow("60M") << quint64(60ull << 20) << QStringLiteral("60M");
        QTest::newRow("1.5G") << quint64(3ull << 29) << QStringLiteral("1.5G");
        QTest::newRow("512k") << quint64(512ull << 10) << QStringLiteral("512k");
        QTest::newRow("bytes") << quint64(100) << QStringLiteral("100B");
        QTest::newRow("odd") << quint64((1ull << 20) + 1) << QStringLiteral("1048577B");
    }
    void rateTextReadsBack()
    {
        QFETCH(quint64, rate);
        QFETCH(QString, text);
        QCOMPARE(fgui::rateSpecText(rate), text);
        auto parsed = fg::parseRate(text.toStdString());
        QVERIFY(parsed.ok());
        QCOMPARE(quint64(*parsed), rate);
    }

    void describesEndpoints()
    {
        QVERIFY(fgui::describeEndpoint(QString(), true).text.isEmpty());
        QVERIFY(fgui::describeEndpoint(QStringLiteral("/a/"), true).text.contains(QStringLiteral("contents")));
        QVERIFY(fgui::describeEndpoint(QStringLiteral("/a"), true).text.contains(QStringLiteral("as a folder")));
        const auto daemon = fgui::describeEndpoint(QStringLiteral("floodgate://nas:9000/photos/2024"), false);
        QVERIFY(!daemon.error);
        QVERIFY(daemon.text.contains(QStringLiteral("nas:9000")));
        QVERIFY(daemon.text.contains(QStringLiteral("photos")));
        const auto ssh = fgui::describeEndpoint(QStringLiteral("ann@nas:/data"), false);
        QVERIFY(ssh.text.contains(QStringLiteral("SSH to ann@nas")));
        const auto bad = fgui::describeEndpoint(QStringLiteral("floodgate://nas:99999/x"), false);
        QVERIFY(bad.error);
    }
};

QTEST_MAIN(TestJobForm)
#include "test_job_form.moc"
