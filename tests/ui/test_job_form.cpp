#include "models/ssh_ciphers.h"
#include "widgets/job_form.h"

#include <floodgate/options.h>
#include <floodgate/system.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QSpontaneKeyEvent>
#include <QTest>
#include <QToolButton>
#include <QWheelEvent>

#include <optional>

namespace {
template <class T>
T* child(QWidget& w, const char* name)
{
    return w.findChild<T*>(QString::fromLatin1(name));
}

const QString kTimetable = QStringLiteral("Mon-Fri 08:00-18:00 20M, Sat-Sun 2M, 100M");
const QString kDaemon = QStringLiteral("floodgate://nas:7878/photos/");

fg::RateSchedule schedule(const QString& text)
{
    auto parsed = fg::parseRateSchedule(text.toStdString());
    return parsed ? *parsed : fg::RateSchedule{};
}

// Two timetables that give the same rate at every minute of the week.
bool sameRates(const fg::RateSchedule& a, const fg::RateSchedule& b)
{
    for (int day = 0; day < 7; ++day) {
        for (int minute = 0; minute < 1440; ++minute) {
            if (a.rateAt(day, minute) != b.rateAt(day, minute)) return false;
        }
    }
    return true;
}

bool isError(const QLabel* hint) { return hint->styleSheet().contains(QStringLiteral("#c62828")); }

// One notch of the wheel, down, over the middle of `field`, delivered as the
// window system delivers it: spontaneous, so QApplication passes an event the
// target ignores on to its parents (QTest has no wheel helper). True when some
// widget accepted it.
bool wheelDown(QWidget* field)
{
    // The widget under the pointer: a spin box's line edit, say, which passes it on.
    QWidget* target = field->childAt(field->rect().center());
    if (!target) target = field;
    const QPointF local = QPointF(target->mapFrom(field, field->rect().center()));
    QWheelEvent wheel(local, target->mapToGlobal(local), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QSpontaneKeyEvent::setSpontaneous(&wheel);
    qApp->notify(target, &wheel);
    return wheel.isAccepted();
}

// The options the form gives now, or nothing (with the reason logged).
std::optional<fg::SyncOptions> optionsOf(const fgui::JobForm& form)
{
    auto spec = form.spec();
    if (!spec) {
        qWarning("spec() refused: %s", spec.error().message.c_str());
        return std::nullopt;
    }
    return spec->options;
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
        QVERIFY(o.transfer.checksum && o.transfer.deleteExtraneous && !o.transfer.dryRun);
        QCOMPARE(o.bwlimit.constantRate(), std::optional<uint64_t>(uint64_t(10) << 20));
        // Includes first, then excludes; blank lines dropped, whitespace trimmed.
        const std::vector<fg::FilterSpec> filters = {{fg::FilterSpec::Kind::Include, "*.jpg"},
                                                     {fg::FilterSpec::Kind::Exclude, "*.tmp"},
                                                     {fg::FilterSpec::Kind::Exclude, ".cache/"}};
        QVERIFY(o.transfer.filters == filters);
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
        in.options.transfer.dryRun = true;
        in.options.bwlimit = fg::RateSchedule::constant(60ull << 20);
        in.options.transfer.filters = {{fg::FilterSpec::Kind::Include, "*.c"}, {fg::FilterSpec::Kind::Exclude, "*"}};
        in.options.stateDir = "/tmp/fg-state";
        fgui::JobForm form;
        form.setSpec(in);
        auto out = form.spec();
        QVERIFY(out.ok());
        QCOMPARE(out->source, in.source);
        QCOMPARE(out->destination, in.destination);
        QCOMPARE(out->options.transfer.dryRun, true);
        QVERIFY(out->options.bwlimit == in.options.bwlimit);
        QVERIFY(out->options.transfer.filters == in.options.transfer.filters);
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

    // The Transfer settings into a spec and back, as the demo fills the form.
    void transferSettingsRoundTrip()
    {
        const auto kernel = fg::availableCongestionControls();
        fg::JobSpec in;
        in.source = "/srv/demo/tree/";
        in.destination = kDaemon.toStdString();
        in.options.streams = 4;
        in.options.transfer.chunkSize = 64ull << 20;
        in.options.transfer.congestion = kernel.empty() ? std::string() : kernel.back();
        in.options.bwlimit = schedule(kTimetable);
        in.options.transfer.fsync = fg::FsyncMode::File;
        in.options.transfer.wholeFile = fg::WholeFileMode::Never;
        in.options.transfer.compress = fg::CompressSpec{fg::CompressMode::Zstd, 9};
        QCOMPARE(in.options.bwlimit.rules.size(), size_t(3));

        fgui::JobForm form;
        form.show();
        form.setSpec(in);
        QCOMPARE(child<QSpinBox>(form, "streamsSpin")->value(), 4);
        QCOMPARE(child<QLineEdit>(form, "chunkSizeEdit")->text(), QStringLiteral("64M"));
        QCOMPARE(child<QLineEdit>(form, "bwlimitEdit")->text(), kTimetable);
        QCOMPARE(child<QComboBox>(form, "congestionCombo")->currentData().toString(),
                 QString::fromStdString(in.options.transfer.congestion));
        QVERIFY(child<QLabel>(form, "bwlimitHint")->text().startsWith(QStringLiteral("Timetable: 3 rules")));
        QVERIFY(!child<QLabel>(form, "streamsNote")->isVisible()); // they apply: nothing to explain

        auto out = form.spec();
        QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
        QCOMPARE(out->options.streams, 4u);
        QCOMPARE(out->options.transfer.chunkSize, uint64_t(64) << 20);
        QCOMPARE(out->options.transfer.congestion, in.options.transfer.congestion);
        QVERIFY(out->options.transfer.fsync == fg::FsyncMode::File);
        QVERIFY(child<QLabel>(form, "fsyncHint")->text().contains(QStringLiteral("Each file")));
        QVERIFY(out->options.transfer.wholeFile == fg::WholeFileMode::Never);
        QVERIFY(child<QLabel>(form, "wholeFileHint")->text().contains(QStringLiteral("old copy")));
        QVERIFY(out->options.transfer.compress == in.options.transfer.compress);
        QCOMPARE(child<QComboBox>(form, "compressCombo")->currentData().toString(), QStringLiteral("zstd:9"));
        QVERIFY(child<QLabel>(form, "compressHint")->text().contains(QStringLiteral("slow links")));
        QVERIFY(!out->options.bwlimit.constantRate());
        QCOMPARE(out->options.bwlimit.rules.size(), size_t(3));
        QVERIFY(sameRates(out->options.bwlimit, in.options.bwlimit));

        // Defaults read back as defaults.
        fg::JobSpec plain;
        plain.source = "/a/";
        plain.destination = kDaemon.toStdString();
        plain.options.bwlimit = fg::RateSchedule::constant(20ull << 20);
        form.setSpec(plain);
        QCOMPARE(child<QSpinBox>(form, "streamsSpin")->text(), QStringLiteral("Auto"));
        QVERIFY(child<QLineEdit>(form, "chunkSizeEdit")->text().isEmpty());
        QCOMPARE(child<QComboBox>(form, "congestionCombo")->currentIndex(), 0);
        QCOMPARE(child<QLineEdit>(form, "bwlimitEdit")->text(), QStringLiteral("20M"));
        out = form.spec();
        QVERIFY(out.ok());
        QCOMPARE(out->options.streams, 0u);
        QCOMPARE(out->options.transfer.chunkSize, uint64_t(0));
        QVERIFY(out->options.transfer.congestion.empty());
        QCOMPARE(out->options.bwlimit.constantRate(), std::optional<uint64_t>(uint64_t(20) << 20));
        QCOMPARE(out->options.bwlimit.rules.size(), size_t(1));
        QCOMPARE(child<QComboBox>(form, "compressCombo")->currentIndex(), 0);
        QVERIFY(out->options.transfer.compress == fg::CompressSpec{});
    }

    // Each compression choice gives the spec the CLI's --compress would, and
    // says in one line when it helps; a level the list lacks is kept.
    void compressionChoices_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("hint");
        QTest::newRow("none") << QStringLiteral("none") << QStringLiteral("compressed already");
        QTest::newRow("auto") << QStringLiteral("auto") << QStringLiteral("skips media");
        QTest::newRow("lz4") << QStringLiteral("lz4") << QStringLiteral("fast links");
        QTest::newRow("zstd:1") << QStringLiteral("zstd:1") << QStringLiteral("little CPU");
        QTest::newRow("zstd:3") << QStringLiteral("zstd:3") << QStringLiteral("slow links");
        QTest::newRow("zstd:9") << QStringLiteral("zstd:9") << QStringLiteral("very slow links");
        QTest::newRow("zstd:5, not listed") << QStringLiteral("zstd:5") << QStringLiteral("slow links");
    }
    void compressionChoices()
    {
        QFETCH(QString, text);
        QFETCH(QString, hint);
        auto wanted = fg::parseCompress(text.toStdString());
        QVERIFY(wanted.ok());
        fg::JobSpec in;
        in.source = "/a/";
        in.destination = kDaemon.toStdString();
        in.options.transfer.compress = *wanted;
        fgui::JobForm form;
        form.show();
        const int listed = child<QComboBox>(form, "compressCombo")->count();
        form.setSpec(in);
        auto* combo = child<QComboBox>(form, "compressCombo");
        QCOMPARE(combo->currentData().toString(), text);
        QCOMPARE(combo->count(), text == QStringLiteral("zstd:5") ? listed + 1 : listed);
        auto* label = child<QLabel>(form, "compressHint");
        QVERIFY2(label->text().contains(hint), qPrintable(label->text()));
        QVERIFY(!isError(label));
        auto out = form.spec();
        QVERIFY(out.ok());
        QVERIFY(out->options.transfer.compress == *wanted);
    }

    // The bandwidth field maps as the CLI's --bwlimit does: one rule for all days and
    // all hours is a plain rate, anything else a timetable.
    void bandwidthTimetables_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<quint64>("rate");
        QTest::addColumn<int>("rules");
        QTest::addColumn<QString>("hint");
        QTest::newRow("rate") << QStringLiteral("20M") << quint64(20ull << 20) << 0 << QStringLiteral("At most 20 MB/s");
        QTest::newRow("every day") << QStringLiteral("Mon-Sun 20M") << quint64(20ull << 20) << 0
                                   << QStringLiteral("At most 20 MB/s");
        QTest::newRow("off") << QStringLiteral("off") << quint64(0) << 0 << QStringLiteral("Unlimited");
        QTest::newRow("timetable") << kTimetable << quint64(0) << 3 << QStringLiteral("Timetable: 3 rules");
        QTest::newRow("office hours") << QStringLiteral("08:00-18:00 5M") << quint64(0) << 1
                                      << QStringLiteral("Timetable: 1 rule");
        QTest::newRow("overnight") << QStringLiteral("Sun-Thu 22:00-06:00 off, 10M") << quint64(0) << 2
                                   << QStringLiteral("Timetable: 2 rules");
    }
    void bandwidthTimetables()
    {
        QFETCH(QString, text);
        QFETCH(quint64, rate);
        QFETCH(int, rules);
        QFETCH(QString, hint);
        fgui::JobForm form;
        form.show();
        form.setSource(QStringLiteral("/a/"));
        form.setDestination(QStringLiteral("/b"));
        child<QLineEdit>(form, "bwlimitEdit")->setText(text);
        auto* label = child<QLabel>(form, "bwlimitHint");
        QVERIFY2(label->text().startsWith(hint), qPrintable(label->text()));
        QVERIFY(!isError(label));
        auto spec = form.spec();
        QVERIFY(spec.ok());
        // A plain rate is a timetable of one rule that always matches.
        const fg::RateSchedule& limit = spec->options.bwlimit;
        QCOMPARE(quint64(limit.constantRate().value_or(0)), rate);
        QCOMPARE(limit.constantRate() ? 0 : int(limit.rules.size()), rules);
        if (rules > 0) {
            QVERIFY(label->text().contains(QStringLiteral("now ")));
            // And back: the text setSpec writes reads as the same timetable.
            fgui::JobForm again;
            again.setSpec(*spec);
            auto back = again.spec();
            QVERIFY(back.ok());
            QVERIFY(sameRates(back->options.bwlimit, spec->options.bwlimit));
        }
    }

    void rateScheduleTextReadsBack()
    {
        // Every run of days the parser can write, one that wraps past Sunday, and a
        // mask no single rule can say (Mon, Wed, Fri), which becomes three rules.
        fg::RateSchedule s;
        s.rules.push_back({0b0011111, 8 * 60, 18 * 60, 20ull << 20});
        s.rules.push_back({0b1000001, 22 * 60, 6 * 60, 0});
        s.rules.push_back({0b0010101, 0, 1440, 3ull << 29});
        s.rules.push_back({0x7f, 0, 1440, 100ull << 20});
        const QString text = fgui::rateScheduleText(s);
        QCOMPARE(text, QStringLiteral("Mon-Fri 08:00-18:00 20M, Sun-Mon 22:00-06:00 off, Mon 1.5G, Wed 1.5G, "
                                      "Fri 1.5G, 100M"));
        QVERIFY(sameRates(schedule(text), s));
        QVERIFY(fgui::rateScheduleText({}).isEmpty());
    }

    void badTransferSettingsBlockTheSpec_data()
    {
        QTest::addColumn<QString>("bwlimit");
        QTest::addColumn<QString>("chunk");
        QTest::addColumn<QString>("hintName");
        QTest::addColumn<QString>("errorStart");
        QTest::newRow("day") << QStringLiteral("Mon-Fry 20M") << QString() << QStringLiteral("bwlimitHint")
                             << QStringLiteral("Bandwidth limit: ");
        QTest::newRow("time") << QStringLiteral("Mon 25:00-26:00 1M, 5M") << QString() << QStringLiteral("bwlimitHint")
                              << QStringLiteral("Bandwidth limit: ");
        QTest::newRow("rate") << QStringLiteral("Sat-Sun fast") << QString() << QStringLiteral("bwlimitHint")
                              << QStringLiteral("Bandwidth limit: ");
        QTest::newRow("chunk unit") << QString() << QStringLiteral("12Q") << QStringLiteral("chunkSizeHint")
                                    << QStringLiteral("Chunk size: ");
        QTest::newRow("chunk small") << QString() << QStringLiteral("512k") << QStringLiteral("chunkSizeHint")
                                     << QStringLiteral("Chunk size: use 1M to 4G");
        QTest::newRow("chunk big") << QString() << QStringLiteral("5G") << QStringLiteral("chunkSizeHint")
                                   << QStringLiteral("Chunk size: use 1M to 4G");
        QTest::newRow("chunk zero") << QString() << QStringLiteral("0") << QStringLiteral("chunkSizeHint")
                                    << QStringLiteral("Chunk size: use 1M to 4G");
    }
    void badTransferSettingsBlockTheSpec()
    {
        QFETCH(QString, bwlimit);
        QFETCH(QString, chunk);
        QFETCH(QString, hintName);
        QFETCH(QString, errorStart);
        fgui::JobForm form;
        form.show();
        form.setSource(QStringLiteral("/a/"));
        form.setDestination(kDaemon);
        QVERIFY(form.isComplete());
        child<QLineEdit>(form, "bwlimitEdit")->setText(bwlimit);
        child<QLineEdit>(form, "chunkSizeEdit")->setText(chunk);
        auto* hint = child<QLabel>(form, hintName.toLatin1().constData());
        QVERIFY(!form.isComplete());
        QVERIFY(hint->isVisible());
        QVERIFY2(isError(hint), qPrintable(hint->text()));
        QVERIFY2(!hint->text().startsWith(QStringLiteral("--")), qPrintable(hint->text()));
        QVERIFY(hint->text().at(0).isUpper());
        auto spec = form.spec();
        QVERIFY(!spec.ok());
        QCOMPARE(spec.error().code, fg::Errc::InvalidArgument);
        const QString message = QString::fromStdString(spec.error().message);
        QVERIFY2(message.startsWith(errorStart), qPrintable(message));
    }

    void chunkSizesThatRead_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<quint64>("bytes");
        QTest::newRow("empty") << QString() << quint64(0);
        QTest::newRow("auto") << QStringLiteral("Auto") << quint64(0);
        QTest::newRow("64m") << QStringLiteral(" 64m ") << quint64(64ull << 20);
        QTest::newRow("1M") << QStringLiteral("1M") << quint64(1ull << 20);
        QTest::newRow("4G") << QStringLiteral("4G") << quint64(4ull << 30);
        QTest::newRow("1.5G") << QStringLiteral("1.5G") << quint64(3ull << 29);
    }
    void chunkSizesThatRead()
    {
        QFETCH(QString, text);
        QFETCH(quint64, bytes);
        fgui::JobForm form;
        form.setSource(QStringLiteral("floodgate://nas/backup/"));
        form.setDestination(QStringLiteral("/restore"));
        child<QLineEdit>(form, "chunkSizeEdit")->setText(text);
        auto spec = form.spec();
        QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().message.c_str());
        QCOMPARE(quint64(spec->options.transfer.chunkSize), bytes);
        QVERIFY(!isError(child<QLabel>(form, "chunkSizeHint")));
        if (bytes) QCOMPARE(fgui::sizeSpecText(bytes).isEmpty(), false);
    }

    // Stream settings only mean something for floodgate:// jobs: greyed, explained,
    // and neither mapped nor able to block Run otherwise.
    void streamSettingsOnlyForDaemonJobs()
    {
        fgui::JobForm form;
        form.show();
        auto* streams = child<QSpinBox>(form, "streamsSpin");
        auto* chunk = child<QLineEdit>(form, "chunkSizeEdit");
        auto* congestion = child<QComboBox>(form, "congestionCombo");
        auto* note = child<QLabel>(form, "streamsNote");
        QVERIFY(!streams->isEnabled()); // nothing typed yet
        QVERIFY(note->isVisible());
        QVERIFY(note->text().contains(QStringLiteral("floodgate://")));

        form.setSource(QStringLiteral("/a/"));
        form.setDestination(kDaemon);
        QVERIFY(streams->isEnabled() && chunk->isEnabled() && congestion->isEnabled());
        QVERIFY(!note->isVisible());
        streams->setValue(6);
        chunk->setText(QStringLiteral("huge"));
        QVERIFY(!form.isComplete());

        form.setDestination(QStringLiteral("/b"));
        QVERIFY(!streams->isEnabled() && !chunk->isEnabled() && !congestion->isEnabled());
        QVERIFY(note->isVisible());
        QVERIFY2(note->text().startsWith(QStringLiteral("Local job")), qPrintable(note->text()));
        QVERIFY(form.isComplete()); // the greyed "huge" does not block
        QCOMPARE(form.spec()->options.streams, 0u);
        QCOMPARE(form.spec()->options.transfer.chunkSize, uint64_t(0));

        form.setDestination(QStringLiteral("ann@nas:/backup"));
        QVERIFY(note->text().startsWith(QStringLiteral("SSH job")));
        QVERIFY(!streams->isEnabled());

        // Back to a daemon: what was typed is still there.
        form.setDestination(kDaemon);
        QCOMPARE(streams->value(), 6);
        QVERIFY(!form.isComplete());
        chunk->setText(QStringLiteral("32M"));
        QCOMPARE(form.spec()->options.streams, 6u);

        // Locked while a job runs, and greyed again after if they do not apply.
        form.setEditable(false);
        QVERIFY(!streams->isEnabled());
        form.setEditable(true);
        QVERIFY(streams->isEnabled());
        form.setSource(QStringLiteral("/a/"));
        form.setDestination(QStringLiteral("/c"));
        form.setEditable(false);
        form.setEditable(true);
        QVERIFY(!streams->isEnabled());
    }

    void congestionTheKernelLacks()
    {
        fg::JobSpec in;
        in.source = "/a/";
        in.destination = kDaemon.toStdString();
        in.options.transfer.congestion = "no-such-cc";
        fgui::JobForm form;
        form.show();
        form.setSpec(in);
        auto* combo = child<QComboBox>(form, "congestionCombo");
        QVERIFY(combo->currentText().contains(QStringLiteral("no-such-cc")));
        QVERIFY(isError(child<QLabel>(form, "congestionHint")));
        QVERIFY(!form.isComplete());
        combo->setCurrentIndex(0); // Default
        QVERIFY(form.isComplete());
        QVERIFY(form.spec()->options.transfer.congestion.empty());
        // The kernel's list is offered as it is.
        QCOMPARE(combo->count(), int(fg::availableCongestionControls().size()) + 2);
    }

    // ---- ciphers ----

    void cipherRoundTrips_data()
    {
        QTest::addColumn<int>("cipher");
        QTest::addColumn<QString>("hintWord");
        QTest::addColumn<bool>("warns");
        QTest::newRow("auto") << int(fg::CipherChoice::Auto) << QStringLiteral("AES") << false;
        QTest::newRow("aes128") << int(fg::CipherChoice::Aes128Gcm) << QStringLiteral("AES instructions") << false;
        QTest::newRow("aes256") << int(fg::CipherChoice::Aes256Gcm) << QStringLiteral("256-bit") << false;
        QTest::newRow("chacha20") << int(fg::CipherChoice::Chacha20Poly1305) << QStringLiteral("without AES") << false;
        QTest::newRow("none") << int(fg::CipherChoice::None) << QStringLiteral("trusted LAN") << true;
    }
    void cipherRoundTrips()
    {
        QFETCH(int, cipher);
        QFETCH(QString, hintWord);
        QFETCH(bool, warns);
        fg::JobSpec in;
        in.source = "/srv/tree/";
        in.destination = kDaemon.toStdString();
        in.options.cipher = fg::CipherChoice(cipher);
        fgui::JobForm form;
        form.show();
        form.setSpec(in);
        auto* combo = child<QComboBox>(form, "cipherCombo");
        auto* hint = child<QLabel>(form, "cipherHint");
        QCOMPARE(combo->currentData().toInt(), cipher);
        QVERIFY(combo->isEnabled());
        QVERIFY2(hint->text().contains(hintWord), qPrintable(hint->text()));
        QCOMPARE(isError(hint), warns); // none warns where the choice is made
        auto out = form.spec();
        QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
        QVERIFY(out->options.cipher == in.options.cipher);
        QCOMPARE(combo->count(), 5);
    }

    // ---- file checksum ----
    void checksumChoiceRoundTrips_data()
    {
        QTest::addColumn<int>("choice");
        QTest::addColumn<QString>("hintWord");
        QTest::newRow("xxh128") << int(fg::ChecksumChoice::Xxh128) << QStringLiteral("accidental");
        QTest::newRow("xxh3") << int(fg::ChecksumChoice::Xxh3) << QStringLiteral("rsync");
        QTest::newRow("sha256") << int(fg::ChecksumChoice::Sha256) << QStringLiteral("Cryptographic");
    }
    void checksumChoiceRoundTrips()
    {
        QFETCH(int, choice);
        QFETCH(QString, hintWord);
        // Every kind of job hashes: a local copy as much as a daemon job.
        for (const char* destination : {"/backup/tree", "floodgate://nas/photos"}) {
            fg::JobSpec in;
            in.source = "/srv/tree/";
            in.destination = destination;
            in.options.transfer.checksumChoice = fg::ChecksumChoice(choice);
            fgui::JobForm form;
            form.show();
            form.setSpec(in);
            auto* combo = child<QComboBox>(form, "checksumChoiceCombo");
            auto* hint = child<QLabel>(form, "checksumChoiceHint");
            QCOMPARE(combo->currentData().toInt(), choice);
            QVERIFY(combo->isEnabled());
            QVERIFY2(hint->text().contains(hintWord), qPrintable(hint->text()));
            auto out = form.spec();
            QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
            QVERIFY(out->options.transfer.checksumChoice == in.options.transfer.checksumChoice);
            QCOMPARE(combo->count(), 3);
        }
    }

    // --cipher is for floodgate:// jobs, --ssh-cipher for ssh jobs: each greyed
    // (and left at its default in the spec) where it does not apply.
    void ciphersOnlyWhereTheyApply()
    {
        fgui::JobForm form;
        form.show();
        auto* cipher = child<QComboBox>(form, "cipherCombo");
        auto* sshCipher = child<QComboBox>(form, "sshCipherCombo");
        form.setSource(QStringLiteral("/a/"));
        form.setDestination(kDaemon);
        QVERIFY(cipher->isEnabled() && !sshCipher->isEnabled());
        cipher->setCurrentIndex(cipher->findData(int(fg::CipherChoice::None)));
        QVERIFY(form.spec()->options.cipher == fg::CipherChoice::None);
        QVERIFY(isError(child<QLabel>(form, "cipherHint")));

        form.setDestination(QStringLiteral("/b"));
        QVERIFY(!cipher->isEnabled() && !sshCipher->isEnabled());
        QVERIFY(!isError(child<QLabel>(form, "cipherHint"))); // not in force: no alarm
        QVERIFY(form.spec()->options.cipher == fg::CipherChoice::Auto);
        form.setDestination(QString());
        QVERIFY(!cipher->isEnabled());
        QVERIFY(child<QLabel>(form, "streamsNote")->text().contains(QStringLiteral("cipher")));

        form.setDestination(QStringLiteral("ann@nas:/backup"));
        QVERIFY(!cipher->isEnabled() && sshCipher->isEnabled());
        QVERIFY(form.spec()->options.cipher == fg::CipherChoice::Auto);
        QVERIFY(form.spec()->options.sshCipher.empty()); // "(ssh default)"
        QCOMPARE(sshCipher->itemText(0), QStringLiteral("(ssh default)"));

        form.setEditable(false);
        QVERIFY(!sshCipher->isEnabled());
        form.setEditable(true);
        QVERIFY(sshCipher->isEnabled());
    }

    // The ssh list is what this computer's ssh says (`ssh -Q cipher`), asked
    // once without blocking; a saved choice it lacks is kept and flagged.
    void sshCipherListAndRoundTrip()
    {
        fgui::JobForm form;
        form.show();
        form.setSource(QStringLiteral("/a/"));
        form.setDestination(QStringLiteral("ann@nas:/backup"));
        QTRY_VERIFY_WITH_TIMEOUT(fgui::SshCiphers::instance().isReady(), 10000);
        const QStringList offered = fgui::SshCiphers::instance().ciphers();
        auto* combo = child<QComboBox>(form, "sshCipherCombo");
        auto* hint = child<QLabel>(form, "sshCipherHint");
        QCOMPARE(combo->count(), int(offered.size()) + 1);
        if (offered.isEmpty()) QSKIP("no ssh here to ask for its ciphers");
        QVERIFY(!offered.contains(QString())); // every entry a name

        fg::JobSpec in;
        in.source = "/a/";
        in.destination = "ann@nas:/backup";
        in.options.sshCipher = offered.last().toStdString();
        form.setSpec(in);
        QCOMPARE(combo->currentText(), offered.last());
        QVERIFY(!isError(hint));
        auto out = form.spec();
        QVERIFY(out.ok());
        QCOMPARE(out->options.sshCipher, in.options.sshCipher);

        in.options.sshCipher = "no-such-cipher@example.org";
        form.setSpec(in);
        QCOMPARE(combo->currentText(), QStringLiteral("no-such-cipher@example.org"));
        QVERIFY(isError(hint));
        QVERIFY(!form.isComplete());
        combo->setCurrentIndex(0);
        QVERIFY(form.isComplete());
        QVERIFY(form.spec()->options.sshCipher.empty());

        // A second form gets the list without asking ssh again.
        fgui::JobForm again;
        QCOMPARE(child<QComboBox>(again, "sshCipherCombo")->count(), int(offered.size()) + 1);
    }

    void sshCipherListParsing()
    {
        const QStringList got = fgui::SshCiphers::parse("aes128-ctr\n\naes128-gcm@openssh.com\r\n-evil\naes128-ctr\n");
        QCOMPARE(got, (QStringList{QStringLiteral("aes128-ctr"), QStringLiteral("aes128-gcm@openssh.com")}));
    }

    // Not a check: with FG_UI_GRAB_DIR set, saves the form with the cipher
    // and checksum settings for a person to look at.
    void screenshots()
    {
        const QString dir = qEnvironmentVariable("FG_UI_GRAB_DIR");
        if (dir.isEmpty()) QSKIP("set FG_UI_GRAB_DIR to save screenshots");
        QDir().mkpath(dir);
        fgui::JobForm form; // asks ssh for its list
        QTRY_VERIFY_WITH_TIMEOUT(fgui::SshCiphers::instance().isReady(), 10000);
        form.resize(380, 1300);
        form.show();
        QVERIFY(QTest::qWaitForWindowExposed(&form));
        form.setSource(QStringLiteral("/home/ann/Archive/"));
        form.setDestination(kDaemon);
        auto* cipher = child<QComboBox>(form, "cipherCombo");
        cipher->setCurrentIndex(cipher->findData(int(fg::CipherChoice::None)));
        auto* checksum = child<QComboBox>(form, "checksumChoiceCombo");
        checksum->setCurrentIndex(checksum->findData(int(fg::ChecksumChoice::Sha256)));
        QTest::qWait(100);
        form.grab().save(dir + QStringLiteral("/job-form-cipher-none.png"));
        cipher->setCurrentIndex(0);
        form.setDestination(QStringLiteral("ann@nas:/volume1/archive"));
        auto* ssh = child<QComboBox>(form, "sshCipherCombo");
        ssh->setCurrentIndex(ssh->findData(QStringLiteral("aes128-gcm@openssh.com")));
        QTest::qWait(100);
        form.grab().save(dir + QStringLiteral("/job-form-ssh-cipher.png"));

        // The delete rules and "Which files" open, at the sidebar's default width and
        // at its narrowest.
        child<QCheckBox>(form, "deleteCheck")->setChecked(true);
        child<QCheckBox>(form, "limitDeletionsCheck")->setChecked(true);
        child<QCheckBox>(form, "ignoreExistingCheck")->setChecked(true);
        child<QLineEdit>(form, "maxSizeEdit")->setText(QStringLiteral("100M"));
        child<QToolButton>(form, "whichFilesToggle")->setChecked(true);
        for (int width : {338, 278}) {
            form.resize(width, form.heightForWidth(width)); // as the scroll area sizes it
            QTest::qWait(100);
            form.grab().save(dir + QStringLiteral("/job-form-which-files-%1.png").arg(width));
        }
        child<QToolButton>(form, "whichFilesToggle")->setChecked(false);
        QTest::qWait(100);
        form.grab().save(dir + QStringLiteral("/job-form-which-files-collapsed.png"));

        // The new sections, filled in, open one at a time and then folded with their
        // summaries; and one with a mistake in each.
        child<QCheckBox>(form, "oneFileSystemCheck")->setChecked(true);
        child<QLineEdit>(form, "excludeIfPresentEdit")->setText(QStringLiteral(".nobackup, CACHEDIR.TAG"));
        child<QCheckBox>(form, "removeSourceCheck")->setChecked(true);
        child<QCheckBox>(form, "timesCheck")->setChecked(false);
        child<QLineEdit>(form, "chmodEdit")->setText(QStringLiteral("D755,F644"));
        child<QCheckBox>(form, "ownerCheck")->setChecked(true);
        child<QCheckBox>(form, "numericIdsCheck")->setChecked(true);
        child<QLineEdit>(form, "chownEdit")->setText(QStringLiteral(":staff"));
        form.setNameMapping(fg::NameMapping::Map);
        child<QCheckBox>(form, "backupCheck")->setChecked(true);
        child<QLineEdit>(form, "backupDirEdit")->setText(QStringLiteral(".backups"));
        child<QPlainTextEdit>(form, "linkDestEdit")->setPlainText(QStringLiteral("../2026-11-30\n../2026-11-29"));
        form.setDestination(kDaemon); // both timeouts in force
        child<QCheckBox>(form, "copyLinksCheck")->setChecked(true);
        child<QCheckBox>(form, "appendVerifyCheck")->setChecked(true);
        child<QCheckBox>(form, "inPlaceCheck")->setChecked(true); // with -b: the conflict
        child<QSpinBox>(form, "ioTimeoutSpin")->setValue(300);
        child<QSpinBox>(form, "connectTimeoutSpin")->setValue(20);
        child<QSpinBox>(form, "retryForSpin")->setValue(120);
        // From the Filters box down: the part these sections are in, at a size a
        // person can read without scaling.
        auto grabSections = [&](const QString& name) {
            QTest::qWait(100);
            const int top = child<QWidget>(form, "whichFilesToggle")->y() - 8;
            form.grab(QRect(0, top, form.width(), form.height() - top)).save(dir + QLatin1Char('/') + name);
        };
        for (const char* section : {"whichFiles", "metadata", "backups", "advanced"}) {
            auto* toggle = form.findChild<QToolButton*>(QLatin1String(section) + QStringLiteral("Toggle"));
            toggle->setChecked(true);
            for (int width : {338, 278}) {
                form.resize(width, form.heightForWidth(width));
                grabSections(QStringLiteral("job-form-section-%1-%2.png").arg(QLatin1String(section)).arg(width));
            }
            toggle->setChecked(false);
        }
        form.resize(278, form.heightForWidth(278));
        grabSections(QStringLiteral("job-form-sections-folded-278.png"));
        // --inplace alone: its warning, not the conflict; and Advanced for a local job.
        child<QCheckBox>(form, "backupCheck")->setChecked(false);
        child<QToolButton>(form, "backupsToggle")->setChecked(true);
        child<QToolButton>(form, "advancedToggle")->setChecked(true);
        form.resize(278, form.heightForWidth(278));
        grabSections(QStringLiteral("job-form-section-backups-inplace-278.png"));
        form.setDestination(QStringLiteral("/mnt/backup/archive"));
        form.resize(278, form.heightForWidth(278));
        grabSections(QStringLiteral("job-form-section-advanced-local-278.png"));
        form.setDestination(kDaemon);
        child<QToolButton>(form, "backupsToggle")->setChecked(false);
        child<QToolButton>(form, "advancedToggle")->setChecked(false);
        child<QCheckBox>(form, "backupCheck")->setChecked(true);
        child<QLineEdit>(form, "chmodEdit")->setText(QStringLiteral("D7z9"));
        child<QLineEdit>(form, "excludeIfPresentEdit")->setText(QStringLiteral("cache/.nobackup"));
        child<QLineEdit>(form, "backupSuffixEdit")->setText(QStringLiteral("a/b"));
        grabSections(QStringLiteral("job-form-sections-errors-folded-278.png"));
        for (const char* section : {"whichFiles", "metadata", "backups"}) {
            form.findChild<QToolButton*>(QLatin1String(section) + QStringLiteral("Toggle"))->setChecked(true);
        }
        form.resize(278, form.heightForWidth(278));
        grabSections(QStringLiteral("job-form-sections-errors-open-278.png"));
        // --partial-dir: a refused name under its field, then a good one with
        // --inplace (the conflict under the in-place box), open and folded.
        child<QLineEdit>(form, "backupSuffixEdit")->clear();
        child<QCheckBox>(form, "backupCheck")->setChecked(false);
        child<QCheckBox>(form, "inPlaceCheck")->setChecked(false);
        child<QLineEdit>(form, "partialDirEdit")->setText(QStringLiteral("../x"));
        for (int width : {338, 278}) {
            form.resize(width, form.heightForWidth(width));
            grabSections(QStringLiteral("job-form-section-backups-partial-dir-bad-%1.png").arg(width));
        }
        child<QLineEdit>(form, "partialDirEdit")->setText(QStringLiteral(".rsync-partial"));
        child<QCheckBox>(form, "inPlaceCheck")->setChecked(true);
        form.resize(278, form.heightForWidth(278));
        grabSections(QStringLiteral("job-form-section-backups-partial-dir-inplace-278.png"));
        child<QCheckBox>(form, "inPlaceCheck")->setChecked(false);
        form.resize(278, form.heightForWidth(278));
        grabSections(QStringLiteral("job-form-section-backups-partial-dir-278.png"));
        for (const char* section : {"whichFiles", "metadata", "backups"}) {
            form.findChild<QToolButton*>(QLatin1String(section) + QStringLiteral("Toggle"))->setChecked(false);
        }
        child<QLineEdit>(form, "partialDirEdit")->setText(QStringLiteral("/var/tmp/partial"));
        form.resize(278, form.heightForWidth(278));
        grabSections(QStringLiteral("job-form-sections-partial-dir-folded-278.png"));
    }

    // Scrolling the form over a field that is not being edited scrolls the form and
    // leaves the field alone; once clicked or tabbed into, the wheel changes it.
    void wheelChangesOnlyTheFocusedField()
    {
        QScrollArea scroll; // as the window holds the form
        auto* form = new fgui::JobForm;
        scroll.setWidget(form);
        scroll.setWidgetResizable(true);
        scroll.resize(380, 420);
        scroll.show();
        scroll.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&scroll));
        form->setSource(QStringLiteral("/a/"));
        form->setDestination(kDaemon); // the stream settings are enabled, so the spin box takes the wheel

        auto* compress = child<QComboBox>(*form, "compressCombo");
        auto* streams = child<QSpinBox>(*form, "streamsSpin");
        QScrollBar* bar = scroll.verticalScrollBar();
        for (QWidget* field : {static_cast<QWidget*>(compress), static_cast<QWidget*>(streams)}) {
            scroll.ensureWidgetVisible(field);
            QVERIFY2(!field->hasFocus(), field->objectName().toLatin1());
            const int compressIndex = compress->currentIndex();
            const int streamsValue = streams->value();
            const int scrolled = bar->value();
            QVERIFY(scrolled < bar->maximum());
            wheelDown(field);
            QCOMPARE(compress->currentIndex(), compressIndex);
            QCOMPARE(streams->value(), streamsValue);
            QVERIFY2(bar->value() > scrolled, "the wheel over an unfocused field scrolls the form");
        }

        // Focused, the wheel is the field's: one notch down is the next choice.
        compress->setFocus();
        QVERIFY(compress->hasFocus());
        const int scrolled = bar->value();
        QVERIFY(wheelDown(compress));
        QCOMPARE(compress->currentIndex(), 1);
        QCOMPARE(bar->value(), scrolled);
        streams->setFocus();
        QVERIFY(wheelDown(streams));
        QCOMPARE(streams->value(), 0); // down from Auto stays at the bottom of the range
        streams->setValue(4);
        QVERIFY(wheelDown(streams));
        QCOMPARE(streams->value(), 3);
    }

    // Every combo and spin box the form has is guarded, the ones added later too.
    void everyFieldIsGuardedFromTheWheel()
    {
        fgui::JobForm form;
        QList<QWidget*> fields;
        for (QComboBox* c : form.findChildren<QComboBox*>()) fields << c;
        for (QAbstractSpinBox* s : form.findChildren<QAbstractSpinBox*>()) fields << s;
        QVERIFY(fields.size() >= 9);
        for (QWidget* field : std::as_const(fields)) {
            // Qt's default, WheelFocus, would let the first notch focus the field.
            QVERIFY2(field->focusPolicy() == Qt::StrongFocus, field->objectName().toLatin1());
        }
    }

    // Each "Which files" and delete rule gives its SyncOptions field, one at a time.
    void selectionRulesIntoTheSpec()
    {
        fgui::JobForm form;
        form.show();
        form.setSource(QStringLiteral("/a/"));
        form.setDestination(QStringLiteral("/b"));
        auto none = optionsOf(form);
        QVERIFY(none);
        QVERIFY(!none->transfer.mkpath);
        QVERIFY(none->transfer.compare == fg::CompareRules{});
        QVERIFY(none->transfer.deletion == fg::DeleteRules{});

        struct Rule {
            const char* check;
            const char* flag; // the tooltip names it
            bool fg::TransferOptions::*option;
            bool fg::CompareRules::*compare;
        };
        const Rule rules[] = {
            {"mkpathCheck", "--mkpath", &fg::TransferOptions::mkpath, nullptr},
            {"updateCheck", "-u", nullptr, &fg::CompareRules::update},
            {"ignoreExistingCheck", "--ignore-existing", nullptr, &fg::CompareRules::ignoreExisting},
            {"existingOnlyCheck", "--existing", nullptr, &fg::CompareRules::existingOnly},
            {"sizeOnlyCheck", "--size-only", nullptr, &fg::CompareRules::sizeOnly},
            {"ignoreTimesCheck", "-I", nullptr, &fg::CompareRules::ignoreTimes},
        };
        for (const Rule& rule : rules) {
            auto* box = child<QCheckBox>(form, rule.check);
            QVERIFY2(box, rule.check);
            QVERIFY2(box->toolTip().contains(QLatin1String(rule.flag)), rule.check);
            box->setChecked(true);
            auto o = optionsOf(form);
            QVERIFY(o);
            fg::SyncOptions expected;
            if (rule.option) expected.transfer.*rule.option = true;
            if (rule.compare) expected.transfer.compare.*rule.compare = true;
            QVERIFY2(o->transfer.mkpath == expected.transfer.mkpath && o->transfer.compare == expected.transfer.compare, rule.check);
            box->setChecked(false);
        }

        // Size limits read as --max-size and --min-size do.
        auto* maxSize = child<QLineEdit>(form, "maxSizeEdit");
        auto* minSize = child<QLineEdit>(form, "minSizeEdit");
        QVERIFY(maxSize->toolTip().contains(QStringLiteral("--max-size")));
        QVERIFY(minSize->toolTip().contains(QStringLiteral("--min-size")));
        maxSize->setText(QStringLiteral("100M"));
        minSize->setText(QStringLiteral(" 4K "));
        auto sized = optionsOf(form);
        QVERIFY(sized);
        QCOMPARE(sized->transfer.compare.maxSize, uint64_t(100) << 20);
        QCOMPARE(sized->transfer.compare.minSize, uint64_t(4) << 10);
        QVERIFY2(child<QLabel>(form, "whichFilesSummary")->text().contains(QStringLiteral("4.0 KB to 100 MB")),
                 qPrintable(child<QLabel>(form, "whichFilesSummary")->text()));
        // A size that does not read is said next to the fields and blocks the spec.
        auto* hint = child<QLabel>(form, "selectionHint");
        maxSize->setText(QStringLiteral("12Q"));
        QVERIFY(!form.isComplete());
        QVERIFY(isError(hint));
        QVERIFY2(hint->text().startsWith(QStringLiteral("Larger than: cannot read")), qPrintable(hint->text()));
        QVERIFY(QString::fromStdString(form.spec().error().message).startsWith(QStringLiteral("Larger than")));
        // Limits no file can meet are a mistake.
        maxSize->setText(QStringLiteral("1K"));
        QVERIFY(!form.isComplete());
        QVERIFY(isError(hint));
        maxSize->clear();
        minSize->clear();
        QVERIFY(form.isComplete());
        QVERIFY(!isError(hint));

        // The delete rules are in force only with --delete.
        auto* excluded = child<QCheckBox>(form, "deleteExcludedCheck");
        auto* limit = child<QCheckBox>(form, "limitDeletionsCheck");
        auto* maxDelete = child<QSpinBox>(form, "maxDeleteSpin");
        QVERIFY(excluded->toolTip().contains(QStringLiteral("--delete-excluded")));
        QVERIFY(limit->toolTip().contains(QStringLiteral("--max-delete")));
        QVERIFY(!child<QWidget>(form, "deleteRules")->isVisible());
        excluded->setChecked(true);
        limit->setChecked(true);
        QVERIFY(optionsOf(form)->transfer.deletion == fg::DeleteRules{});
        child<QCheckBox>(form, "deleteCheck")->setChecked(true);
        QVERIFY(child<QWidget>(form, "deleteRules")->isVisible());
        maxDelete->setValue(25);
        auto deleting = optionsOf(form);
        QVERIFY(deleting);
        QVERIFY(deleting->transfer.deleteExtraneous);
        QVERIFY(deleting->transfer.deletion.excluded);
        QVERIFY(deleting->transfer.deletion.limited);
        QCOMPARE(deleting->transfer.deletion.maxDelete, uint64_t(25));
        // 0: nothing deleted, what would go listed; said in words.
        maxDelete->setValue(0);
        QVERIFY(optionsOf(form)->transfer.deletion.limited);
        QCOMPARE(optionsOf(form)->transfer.deletion.maxDelete, uint64_t(0));
        QVERIFY(child<QLabel>(form, "maxDeleteHint")->isVisible());
        limit->setChecked(false);
        QVERIFY(!maxDelete->isEnabled());
        QVERIFY(!optionsOf(form)->transfer.deletion.limited);
        QCOMPARE(optionsOf(form)->transfer.deletion.maxDelete, uint64_t(0));
    }

    // A saved job's rules fill the controls, open the section, and read back the same.
    void selectionRulesLoadIntoTheForm()
    {
        fg::JobSpec in;
        in.source = "/srv/a/";
        in.destination = "/srv/b";
        fg::SyncOptions& o = in.options;
        o.transfer.mkpath = true;
        o.transfer.deleteExtraneous = true;
        o.transfer.deletion = {true, 40, true};
        o.transfer.compare = {.update = true, .ignoreExisting = true, .existingOnly = true, .sizeOnly = true, .ignoreTimes = true, .maxSize = 3ull << 29, .minSize = 512};

        fgui::JobForm form;
        form.show();
        QVERIFY(!child<QWidget>(form, "whichFilesGroup")->isVisible()); // collapsed for a new job
        form.setSpec(in);
        QVERIFY(child<QWidget>(form, "whichFilesGroup")->isVisible());
        for (const char* name : {"mkpathCheck", "deleteExcludedCheck", "limitDeletionsCheck", "updateCheck",
                                 "ignoreExistingCheck", "existingOnlyCheck", "sizeOnlyCheck", "ignoreTimesCheck"}) {
            QVERIFY2(child<QCheckBox>(form, name)->isChecked(), name);
        }
        QCOMPARE(child<QSpinBox>(form, "maxDeleteSpin")->value(), 40);
        QCOMPARE(child<QLineEdit>(form, "maxSizeEdit")->text(), QStringLiteral("1.5G"));
        QCOMPARE(child<QLineEdit>(form, "minSizeEdit")->text(), QStringLiteral("512B"));
        auto out = optionsOf(form);
        QVERIFY(out);
        QVERIFY(out->transfer.mkpath);
        QVERIFY(out->transfer.compare == o.transfer.compare);
        QVERIFY(out->transfer.deletion == o.transfer.deletion);

        // And a job without them clears them again.
        fg::JobSpec plain;
        plain.source = in.source;
        plain.destination = in.destination;
        form.setSpec(plain);
        for (const char* name : {"mkpathCheck", "deleteCheck", "deleteExcludedCheck", "limitDeletionsCheck",
                                 "updateCheck", "ignoreExistingCheck", "existingOnlyCheck", "sizeOnlyCheck",
                                 "ignoreTimesCheck"}) {
            QVERIFY2(!child<QCheckBox>(form, name)->isChecked(), name);
        }
        QVERIFY(child<QLineEdit>(form, "maxSizeEdit")->text().isEmpty());
        out = optionsOf(form);
        QVERIFY(out);
        QVERIFY(out->transfer.compare == fg::CompareRules{});
        QVERIFY(out->transfer.deletion == fg::DeleteRules{});
    }

    // A form left alone gives what `floodgate sync /a/ /b` gives (syncargs/sync_flags.cpp
    // and fg::SyncOptions' defaults): the new sections add nothing a user did not ask for.
    void freshFormGivesTheCliDefaults()
    {
        fgui::JobForm form;
        form.setSource(QStringLiteral("/a/"));
        form.setDestination(QStringLiteral("/b"));
        auto o = optionsOf(form);
        QVERIFY(o);
        // What the CLI's parser resolves with no flag given: fg::SyncOptions'
        // defaults (the backup suffix is resolved only with -b).
        fg::SyncOptions cli;
        QVERIFY(o->transfer.scan == cli.transfer.scan);
        QVERIFY(o->transfer.metadata == cli.transfer.metadata);
        QVERIFY(o->transfer.metadata.perms && o->transfer.metadata.times); // kept, as the engine keeps them
        QVERIFY(o->transfer.ownership == cli.transfer.ownership);
        QVERIFY2(o->transfer.backup == cli.transfer.backup, o->transfer.backup.suffix.c_str());
        QVERIFY(o->transfer.linkDest == cli.transfer.linkDest);
        QCOMPARE(o->transfer.removeSourceFiles, cli.transfer.removeSourceFiles);
        QVERIFY(o->transfer.compare == cli.transfer.compare);
        QVERIFY(o->transfer.deletion == cli.transfer.deletion);
        QCOMPARE(o->transfer.deleteExtraneous, cli.transfer.deleteExtraneous);
        QCOMPARE(o->transfer.checksum, cli.transfer.checksum);
        QCOMPARE(o->transfer.mkpath, cli.transfer.mkpath);
        QCOMPARE(o->transfer.dryRun, cli.transfer.dryRun);
        QCOMPARE(o->transfer.inPlace, cli.transfer.inPlace);
        QCOMPARE(o->transfer.partialDir, cli.transfer.partialDir); // beside each file
        QVERIFY(!o->transfer.scan.copyLinks && !o->transfer.compare.appendVerify); // spelled out: the engine's defaults
        // The timeouts are in force only with a far end: a daemon job shows what
        // the spin boxes start at (a local one gives 0 whatever they say).
        form.setDestination(kDaemon);
        auto remote = optionsOf(form);
        QVERIFY(remote);
        QCOMPARE(remote->ioTimeoutSec, cli.ioTimeoutSec);
        QCOMPARE(remote->connectTimeoutSec, cli.connectTimeoutSec);
        QCOMPARE(remote->retryForSec, cli.retryForSec);
        QCOMPARE(child<QSpinBox>(form, "ioTimeoutSpin")->value(), 0);
        QCOMPARE(child<QSpinBox>(form, "connectTimeoutSpin")->value(), 0);
    }

    // Each new check box gives the field its flag sets in the CLI, and nothing else;
    // its tooltip names that flag.
    void newRulesIntoTheSpecAsTheCliReadsThem()
    {
        fgui::JobForm form;
        form.setSource(QStringLiteral("/a/"));
        form.setDestination(QStringLiteral("/b"));
        const auto base = optionsOf(form);
        QVERIFY(base);
        struct Rule {
            const char* check;
            const char* flag;
            void (*apply)(fg::SyncOptions&); // what the CLI's flag does (syncargs/sync_flags.cpp)
        };
        const Rule rules[] = {
            {"oneFileSystemCheck", "-x", [](fg::SyncOptions& o) { o.transfer.scan.oneFileSystem = true; }},
            {"safeLinksCheck", "--safe-links", [](fg::SyncOptions& o) { o.transfer.scan.safeLinks = true; }},
            {"hardLinksCheck", "-H", [](fg::SyncOptions& o) { o.transfer.scan.hardLinks = true; }},
            {"permsCheck", "--no-perms", [](fg::SyncOptions& o) { o.transfer.metadata.perms = false; }},
            {"timesCheck", "--no-times", [](fg::SyncOptions& o) { o.transfer.metadata.times = false; }},
            {"ownerCheck", "-o", [](fg::SyncOptions& o) { o.transfer.ownership.owner = o.transfer.ownership.explicitly = true; }},
            {"groupCheck", "-g", [](fg::SyncOptions& o) { o.transfer.ownership.group = o.transfer.ownership.explicitly = true; }},
            {"backupCheck", "-b", [](fg::SyncOptions& o) { o.transfer.backup = {true, "", "~"}; }},
            {"removeSourceCheck", "--remove-source-files", [](fg::SyncOptions& o) { o.transfer.removeSourceFiles = true; }},
            {"copyLinksCheck", "--copy-links", [](fg::SyncOptions& o) { o.transfer.scan.copyLinks = true; }},
            {"appendVerifyCheck", "--append-verify", [](fg::SyncOptions& o) { o.transfer.compare.appendVerify = true; }},
            {"inPlaceCheck", "--inplace", [](fg::SyncOptions& o) { o.transfer.inPlace = true; }},
        };
        for (const Rule& rule : rules) {
            auto* box = child<QCheckBox>(form, rule.check);
            QVERIFY2(box, rule.check);
            QVERIFY2(box->toolTip().contains(QLatin1String(rule.flag)), rule.check);
            box->toggle();
            auto o = optionsOf(form);
            QVERIFY2(o, rule.check);
            fg::SyncOptions expected = *base;
            rule.apply(expected);
            QVERIFY2(o->transfer.scan == expected.transfer.scan, rule.check);
            QVERIFY2(o->transfer.metadata == expected.transfer.metadata, rule.check);
            QVERIFY2(o->transfer.ownership == expected.transfer.ownership, rule.check);
            QVERIFY2(o->transfer.backup == expected.transfer.backup, rule.check);
            QVERIFY2(o->transfer.removeSourceFiles == expected.transfer.removeSourceFiles, rule.check);
            QVERIFY2(o->transfer.compare == expected.transfer.compare, rule.check);
            QVERIFY2(o->transfer.inPlace == expected.transfer.inPlace, rule.check);
            box->toggle();
        }
        // The short labels carry the short flag (the tooltip has the long one).
        QVERIFY(child<QCheckBox>(form, "copyLinksCheck")->text().contains(QStringLiteral("(-L)")));
        QVERIFY(child<QCheckBox>(form, "appendVerifyCheck")->text().contains(QStringLiteral("--append-verify")));
        QVERIFY(child<QCheckBox>(form, "inPlaceCheck")->text().contains(QStringLiteral("--inplace")));
        // -L's tooltip says what a daemon does with links out of its module.
        QVERIFY(child<QCheckBox>(form, "copyLinksCheck")->toolTip().contains(QStringLiteral("inside its module")));

        // The text fields, as their flags read them.
        child<QLineEdit>(form, "excludeIfPresentEdit")->setText(QStringLiteral(" .nobackup,CACHEDIR.TAG, ,.nobackup"));
        child<QLineEdit>(form, "chmodEdit")->setText(QStringLiteral("D755, F644"));
        child<QLineEdit>(form, "chownEdit")->setText(QStringLiteral("ann:"));
        child<QCheckBox>(form, "backupCheck")->setChecked(true);
        child<QLineEdit>(form, "backupDirEdit")->setText(QStringLiteral(".backups"));
        child<QPlainTextEdit>(form, "linkDestEdit")->setPlainText(QStringLiteral("../2026-11-30\n\n /snap/b \n"));
        auto* partialDir = child<QLineEdit>(form, "partialDirEdit");
        QVERIFY(partialDir->toolTip().contains(QStringLiteral("--partial-dir")));
        partialDir->setText(QStringLiteral(" .rsync-partial "));
        auto o = optionsOf(form);
        QVERIFY(o);
        QCOMPARE(o->transfer.partialDir, std::string(".rsync-partial")); // trimmed, as every text field
        QVERIFY(!o->transfer.inPlace);
        QVERIFY(o->transfer.scan.excludeIfPresent == (std::vector<std::string>{".nobackup", "CACHEDIR.TAG"}));
        QCOMPARE(o->transfer.metadata.chmod, std::string("D755,F644")); // a space after a comma is not chmod's
        QCOMPARE(o->transfer.ownership.chownUser, std::string("ann"));  // --chown ann: as the CLI splits it
        QCOMPARE(o->transfer.ownership.chownGroup, std::string());
        QVERIFY(o->transfer.ownership.explicitly);
        // --backup-dir without --suffix: no suffix (rsync's default in a folder).
        QVERIFY(o->transfer.backup == (fg::BackupRules{true, ".backups", ""}));
        QVERIFY(o->transfer.linkDest == (std::vector<std::string>{"../2026-11-30", "/snap/b"}));
        // Numbers, not names, only qualify -o and -g: greyed and not in force without them.
        auto* numeric = child<QCheckBox>(form, "numericIdsCheck");
        numeric->setChecked(true);
        QVERIFY(!numeric->isEnabled());
        QVERIFY(!optionsOf(form)->transfer.ownership.numericIds);
        child<QCheckBox>(form, "groupCheck")->setChecked(true);
        QVERIFY(numeric->isEnabled());
        QVERIFY(optionsOf(form)->transfer.ownership.numericIds);
    }

    // Every new field through setSpec() and back: what a saved job or the demo
    // says comes out of spec() as it went in, and opens the section it is in.
    void newFieldsRoundTrip()
    {
        struct Case {
            const char* name;
            void (*fill)(fg::SyncOptions&);
            const char* opens; // the section that shows it, or nullptr
        };
        const Case cases[] = {
            {"-x", [](fg::SyncOptions& o) { o.transfer.scan.oneFileSystem = true; }, "whichFilesGroup"},
            {"--safe-links", [](fg::SyncOptions& o) { o.transfer.scan.safeLinks = true; }, "whichFilesGroup"},
            {"--exclude-if-present",
             [](fg::SyncOptions& o) { o.transfer.scan.excludeIfPresent = {".nobackup", "CACHEDIR.TAG"}; }, "whichFilesGroup"},
            {"-H", [](fg::SyncOptions& o) { o.transfer.scan.hardLinks = true; }, "metadataGroup"},
            {"--no-perms", [](fg::SyncOptions& o) { o.transfer.metadata.perms = false; }, "metadataGroup"},
            {"--no-times", [](fg::SyncOptions& o) { o.transfer.metadata.times = false; }, "metadataGroup"},
            {"--chmod", [](fg::SyncOptions& o) { o.transfer.metadata.chmod = "D755,F644,go-w"; }, "metadataGroup"},
            {"-o -g --numeric-ids",
             [](fg::SyncOptions& o) {
                 o.transfer.ownership.owner = o.transfer.ownership.group = true;
                 o.transfer.ownership.numericIds = o.transfer.ownership.explicitly = true;
             },
             "metadataGroup"},
            {"-o", [](fg::SyncOptions& o) { o.transfer.ownership.owner = o.transfer.ownership.explicitly = true; }, "metadataGroup"},
            {"--chown USER:GROUP",
             [](fg::SyncOptions& o) {
                 o.transfer.ownership.chownUser = "ann";
                 o.transfer.ownership.chownGroup = "staff";
                 o.transfer.ownership.explicitly = true;
             },
             "metadataGroup"},
            {"--chown :GROUP",
             [](fg::SyncOptions& o) {
                 o.transfer.ownership.chownGroup = "staff";
                 o.transfer.ownership.explicitly = true;
             },
             "metadataGroup"},
            {"--chown USER",
             [](fg::SyncOptions& o) {
                 o.transfer.ownership.chownUser = "ann";
                 o.transfer.ownership.explicitly = true;
             },
             "metadataGroup"},
            {"-b", [](fg::SyncOptions& o) { o.transfer.backup = {true, "", "~"}; }, "backupsGroup"},
            {"-b --suffix", [](fg::SyncOptions& o) { o.transfer.backup = {true, "", ".bak"}; }, "backupsGroup"},
            {"--backup-dir", [](fg::SyncOptions& o) { o.transfer.backup = {true, ".backups", ""}; }, "backupsGroup"},
            {"--backup-dir --suffix", [](fg::SyncOptions& o) { o.transfer.backup = {true, "/var/backups/b", "~"}; },
             "backupsGroup"},
            {"--link-dest", [](fg::SyncOptions& o) { o.transfer.linkDest = {"../2026-11-30"}; }, "backupsGroup"},
            {"--link-dest x20",
             [](fg::SyncOptions& o) {
                 for (size_t i = 0; i < fg::kMaxLinkDest; ++i) o.transfer.linkDest.push_back("../snap-" + std::to_string(i));
             },
             "backupsGroup"},
            {"--remove-source-files", [](fg::SyncOptions& o) { o.transfer.removeSourceFiles = true; }, nullptr},
            {"-L", [](fg::SyncOptions& o) { o.transfer.scan.copyLinks = true; }, "whichFilesGroup"},
            {"--append-verify", [](fg::SyncOptions& o) { o.transfer.compare.appendVerify = true; }, "whichFilesGroup"},
            {"--inplace", [](fg::SyncOptions& o) { o.transfer.inPlace = true; }, "backupsGroup"},
            {"--partial-dir", [](fg::SyncOptions& o) { o.transfer.partialDir = ".rsync-partial"; }, "backupsGroup"},
            {"--partial-dir nested", [](fg::SyncOptions& o) { o.transfer.partialDir = "tmp/partial"; }, "backupsGroup"},
            {"--inplace --link-dest",
             [](fg::SyncOptions& o) {
                 o.transfer.inPlace = true;
                 o.transfer.linkDest = {"../2026-11-30"};
             },
             "backupsGroup"},
            {"all at once",
             [](fg::SyncOptions& o) {
                 o.transfer.scan = {true, true, true, true, {".nobackup"}};
                 o.transfer.compare.appendVerify = true;
                 o.transfer.metadata = {false, false, "u+rwX"};
                 o.transfer.ownership = {true, true, true, true, "ann", "staff"};
                 o.transfer.backup = {true, "old", ".prev"};
                 o.transfer.linkDest = {"../a", "../b"};
                 o.transfer.partialDir = ".partial";
                 o.transfer.removeSourceFiles = true;
             },
             "backupsGroup"},
        };
        for (const Case& c : cases) {
            fg::JobSpec in;
            in.source = "/srv/a/";
            in.destination = "/srv/b";
            c.fill(in.options);
            fgui::JobForm form;
            form.show();
            form.setSpec(in);
            auto out = form.spec();
            QVERIFY2(out.ok(), (std::string(c.name) + ": " + (out.ok() ? "" : out.error().message)).c_str());
            const fg::SyncOptions& o = out->options;
            QVERIFY2(o.transfer.scan == in.options.transfer.scan, c.name);
            QVERIFY2(o.transfer.metadata == in.options.transfer.metadata, c.name);
            QVERIFY2(o.transfer.ownership == in.options.transfer.ownership, c.name);
            QVERIFY2(o.transfer.backup == in.options.transfer.backup, (std::string(c.name) + ": suffix '" + o.transfer.backup.suffix + "'").c_str());
            QVERIFY2(o.transfer.linkDest == in.options.transfer.linkDest, c.name);
            QVERIFY2(o.transfer.removeSourceFiles == in.options.transfer.removeSourceFiles, c.name);
            QVERIFY2(o.transfer.compare == in.options.transfer.compare, c.name);
            QVERIFY2(o.transfer.inPlace == in.options.transfer.inPlace, c.name);
            QVERIFY2(o.transfer.partialDir == in.options.transfer.partialDir, (std::string(c.name) + ": '" + o.transfer.partialDir + "'").c_str());
            if (c.opens) QVERIFY2(child<QWidget>(form, c.opens)->isVisible(), c.name);

            // And a plain job clears it all again, into the defaults.
            fg::JobSpec plain;
            plain.source = in.source;
            plain.destination = in.destination;
            form.setSpec(plain);
            auto cleared = optionsOf(form);
            QVERIFY2(cleared, c.name);
            QVERIFY2(cleared->transfer.scan == fg::ScanRules{}, c.name);
            QVERIFY2(cleared->transfer.metadata == fg::MetadataRules{}, c.name);
            QVERIFY2(cleared->transfer.ownership == fg::OwnershipRules{}, c.name);
            QVERIFY2(!cleared->transfer.backup.enabled && cleared->transfer.backup.dir.empty(), c.name);
            QVERIFY2(cleared->transfer.linkDest.empty() && !cleared->transfer.removeSourceFiles, c.name);
            QVERIFY2(cleared->transfer.compare == fg::CompareRules{} && !cleared->transfer.inPlace, c.name);
            QVERIFY2(cleared->transfer.partialDir.empty(), c.name);
        }
    }

    // --timeout and --contimeout through setSpec() and back, for the jobs they are
    // in force for: --timeout with any far end, --contimeout with a daemon.
    void timeoutsRoundTrip_data()
    {
        QTest::addColumn<QString>("destination");
        QTest::addColumn<uint>("idle");
        QTest::addColumn<uint>("connect");
        QTest::addColumn<uint>("idleOut");
        QTest::addColumn<uint>("connectOut");
        QTest::newRow("daemon") << kDaemon << 300u << 20u << 300u << 20u;
        QTest::newRow("daemon, a week") << kDaemon << fg::kMaxTimeoutSec << fg::kMaxTimeoutSec << fg::kMaxTimeoutSec
                                        << fg::kMaxTimeoutSec;
        QTest::newRow("daemon, only --timeout") << kDaemon << 45u << 0u << 45u << 0u;
        QTest::newRow("ssh: no --contimeout") << QStringLiteral("ann@nas:/backup") << 60u << 20u << 60u << 0u;
        QTest::newRow("local: neither") << QStringLiteral("/srv/b") << 60u << 20u << 0u << 0u;
    }
    void timeoutsRoundTrip()
    {
        QFETCH(QString, destination);
        QFETCH(uint, idle);
        QFETCH(uint, connect);
        QFETCH(uint, idleOut);
        QFETCH(uint, connectOut);
        fg::JobSpec in;
        in.source = "/srv/a/";
        in.destination = destination.toStdString();
        in.options.ioTimeoutSec = idle;
        in.options.connectTimeoutSec = connect;
        fgui::JobForm form;
        form.show();
        form.setSpec(in);
        QVERIFY2(child<QWidget>(form, "advancedGroup")->isVisible(), "a saved timeout opens Advanced");
        QCOMPARE(child<QSpinBox>(form, "ioTimeoutSpin")->value(), int(idle));
        QCOMPARE(child<QSpinBox>(form, "connectTimeoutSpin")->value(), int(connect));
        auto o = optionsOf(form);
        QVERIFY(o);
        QCOMPARE(o->ioTimeoutSec, idleOut);
        QCOMPARE(o->connectTimeoutSec, connectOut);
        QVERIFY(fg::validateOptions(*o).ok());
        // A plain job sets them back to their defaults.
        fg::JobSpec plain;
        plain.source = in.source;
        plain.destination = kDaemon.toStdString();
        form.setSpec(plain);
        o = optionsOf(form);
        QVERIFY(o);
        QCOMPARE(o->ioTimeoutSec, 0u);
        QCOMPARE(o->connectTimeoutSec, 0u);
    }

    // --retry-for: the engine's default in the box, 0 shown as "Off" and kept
    // as 0; a daemon job only (ssh would ask for a password again).
    void retryForRoundTripsForDaemonJobs()
    {
        fgui::JobForm form;
        form.show();
        auto* retry = child<QSpinBox>(form, "retryForSpin");
        auto* hint = child<QLabel>(form, "retryForHint");
        QCOMPARE(retry->value(), int(fg::kDefaultRetryForSec));
        QCOMPARE(retry->specialValueText(), QStringLiteral("Off"));
        QVERIFY(retry->toolTip().contains(QStringLiteral("--retry-for")));
        for (unsigned sec : {0u, 45u, fg::kMaxTimeoutSec}) {
            fg::JobSpec in;
            in.source = "/srv/a/";
            in.destination = kDaemon.toStdString();
            in.options.retryForSec = sec;
            form.setSpec(in);
            QCOMPARE(retry->value(), int(sec));
            QVERIFY2(child<QWidget>(form, "advancedGroup")->isVisible(), "a saved --retry-for opens Advanced");
            auto o = optionsOf(form);
            QVERIFY(o);
            QCOMPARE(o->retryForSec, sec);
            QVERIFY(fg::validateOptions(*o).ok());
            QVERIFY2(hint->text().contains(sec == 0 ? QStringLiteral("Off") : QStringLiteral("reconnects")),
                     qPrintable(hint->text()));
        }
        form.setDestination(QStringLiteral("ann@nas:/backup"));
        QVERIFY(!retry->isEnabled());
        QVERIFY2(hint->text().contains(QStringLiteral("password")), qPrintable(hint->text()));
        form.setDestination(kDaemon);
        QVERIFY(retry->isEnabled());
        form.setEditable(false);
        QVERIFY(!retry->isEnabled());
    }

    // The timeouts are greyed where the job has nothing for them to wait on, say
    // why, and are locked while a job runs like the stream settings.
    void timeoutsOnlyWhereTheyApply()
    {
        fgui::JobForm form;
        form.show();
        child<QToolButton>(form, "advancedToggle")->setChecked(true);
        auto* idle = child<QSpinBox>(form, "ioTimeoutSpin");
        auto* connect = child<QSpinBox>(form, "connectTimeoutSpin");
        auto* idleHint = child<QLabel>(form, "ioTimeoutHint");
        auto* connectHint = child<QLabel>(form, "connectTimeoutHint");
        QVERIFY(idle->toolTip().contains(QStringLiteral("--timeout")));
        QVERIFY(connect->toolTip().contains(QStringLiteral("--contimeout")));
        QCOMPARE(idle->maximum(), int(fg::kMaxTimeoutSec));
        QCOMPARE(connect->maximum(), int(fg::kMaxTimeoutSec));
        QCOMPARE(idle->specialValueText(), QStringLiteral("Default"));
        QCOMPARE(idle->suffix().trimmed(), QStringLiteral("s"));

        form.setSource(QStringLiteral("/a/"));
        form.setDestination(QStringLiteral("/b"));
        QVERIFY(!idle->isEnabled() && !connect->isEnabled());
        QVERIFY2(idleHint->text().contains(QStringLiteral("local copy has no far end")), qPrintable(idleHint->text()));
        QVERIFY2(connectHint->text().contains(QStringLiteral("floodgate://")), qPrintable(connectHint->text()));

        form.setDestination(QStringLiteral("ann@nas:/backup"));
        QVERIFY(idle->isEnabled());
        QVERIFY(!connect->isEnabled()); // ssh connects through ssh
        QVERIFY2(connectHint->text().contains(QStringLiteral("ConnectTimeout")), qPrintable(connectHint->text()));
        QVERIFY2(idleHint->text().startsWith(QStringLiteral("Default")) && idleHint->text().contains(QStringLiteral("5 min")),
                 qPrintable(idleHint->text()));
        idle->setValue(300);
        QVERIFY2(idleHint->text().contains(QStringLiteral("5 min")) && idleHint->text().contains(QStringLiteral("30")),
                 qPrintable(idleHint->text()));

        form.setDestination(kDaemon);
        QVERIFY(idle->isEnabled() && connect->isEnabled());
        QVERIFY2(connectHint->text().contains(QStringLiteral("10 s")), qPrintable(connectHint->text()));
        connect->setValue(90);
        QVERIFY2(connectHint->text().contains(QStringLiteral("90 s")), qPrintable(connectHint->text()));
        QCOMPARE(optionsOf(form)->connectTimeoutSec, 90u);

        form.setEditable(false);
        QVERIFY(!idle->isEnabled() && !connect->isEnabled());
        form.setEditable(true);
        QVERIFY(idle->isEnabled() && connect->isEnabled());
        // Unlocking a local job leaves them grey.
        form.setDestination(QStringLiteral("/b"));
        form.setEditable(false);
        form.setEditable(true);
        QVERIFY(!idle->isEnabled() && !connect->isEnabled());
        QCOMPARE(optionsOf(form)->ioTimeoutSec, 0u);
    }

    // -b with --inplace: the engine refuses it; the form says so in the engine's
    // words, naming both check boxes, next to them and in the folded summary, and
    // blocks Run. Either one alone is fine.
    void inPlaceWithBackupNamesBothFields()
    {
        fgui::JobForm form;
        form.show();
        form.setSource(QStringLiteral("/a/"));
        form.setDestination(QStringLiteral("/b"));
        auto* inPlace = child<QCheckBox>(form, "inPlaceCheck");
        auto* backup = child<QCheckBox>(form, "backupCheck");
        auto* hint = child<QLabel>(form, "inPlaceHint");
        auto* summary = child<QLabel>(form, "backupsSummary");
        // What validateOptions() says about the pair: the form must carry it.
        fg::SyncOptions both;
        both.transfer.backup = {true, "", "~"};
        both.transfer.inPlace = true;
        const fg::Status engine = fg::validateOptions(both);
        QVERIFY2(!engine.ok(), "the engine refuses -b with --inplace");
        const QString engineMessage = QString::fromStdString(engine.error().message);

        inPlace->setChecked(true);
        backup->setChecked(true);
        QVERIFY(!form.isComplete());
        auto spec = form.spec();
        QVERIFY(!spec.ok());
        QCOMPARE(spec.error().code, fg::Errc::InvalidArgument);
        const QString message = QString::fromStdString(spec.error().message);
        for (const QString& part :
             {QStringLiteral("Write files in place"), QStringLiteral("Keep replaced and deleted files"), engineMessage}) {
            QVERIFY2(message.contains(part), qPrintable(message));
        }
        QVERIFY(isError(hint));
        QCOMPARE(hint->text(), message);
        QVERIFY(summary->isVisible()); // the section is folded
        QVERIFY(isError(summary));
        QVERIFY2(summary->text().contains(QStringLiteral("Write files in place")), qPrintable(summary->text()));
        // The same from a saved job.
        fg::JobSpec saved;
        saved.source = "/a/";
        saved.destination = "/b";
        saved.options = both;
        fgui::JobForm loaded;
        loaded.show();
        loaded.setSpec(saved);
        QVERIFY(!loaded.isComplete());
        QVERIFY(child<QWidget>(loaded, "backupsGroup")->isVisible());
        QVERIFY(isError(child<QLabel>(loaded, "inPlaceHint")));

        // Either alone runs.
        backup->setChecked(false);
        QVERIFY2(form.isComplete(), form.spec().ok() ? "" : form.spec().error().message.c_str());
        QVERIFY(optionsOf(form)->transfer.inPlace);
        QVERIFY(!isError(summary));
        inPlace->setChecked(false);
        backup->setChecked(true);
        QVERIFY(form.isComplete());
        QVERIFY(!hint->isVisible());
    }

    // --inplace on: the box is red and a red warning under it says a failure leaves
    // the file incomplete, as --delete and --remove-source-files warn.
    void inPlaceShowsItsWarning()
    {
        fgui::JobForm form;
        form.show();
        form.setSource(QStringLiteral("/a/"));
        form.setDestination(QStringLiteral("/b"));
        child<QToolButton>(form, "backupsToggle")->setChecked(true);
        auto* box = child<QCheckBox>(form, "inPlaceCheck");
        auto* warning = child<QLabel>(form, "inPlaceHint");
        QVERIFY(box->isVisible());
        QVERIFY(!warning->isVisible());
        QVERIFY(box->styleSheet().isEmpty());
        box->setChecked(true);
        QVERIFY(warning->isVisible());
        QVERIFY(isError(warning));
        QVERIFY2(warning->text().contains(QStringLiteral("failure leaves it incomplete")), qPrintable(warning->text()));
        QVERIFY(box->styleSheet().contains(QStringLiteral("#c62828")));
        QVERIFY(form.isComplete()); // a warning, not an error
        box->setChecked(false);
        QVERIFY(!warning->isVisible());
        QVERIFY(box->styleSheet().isEmpty());
    }

    // --partial-dir: a folder name the engine refuses is said in red under the field,
    // in the engine's words without the option's name, and blocks Run; a good one
    // with --inplace is the engine's refusal of the pair, named by both fields next
    // to the in-place box and in the folded summary, and blocks Run too.
    void partialDirRefusalsBlockTheRun()
    {
        fgui::JobForm form;
        form.show();
        form.setSource(QStringLiteral("/a/"));
        form.setDestination(QStringLiteral("/b"));
        auto* edit = child<QLineEdit>(form, "partialDirEdit");
        auto* hint = child<QLabel>(form, "partialDirHint");
        auto* inPlace = child<QCheckBox>(form, "inPlaceCheck");
        auto* inPlaceHint = child<QLabel>(form, "inPlaceHint");
        auto* summary = child<QLabel>(form, "backupsSummary");
        QCOMPARE(edit->placeholderText(), QStringLiteral("beside each file"));
        QVERIFY(!isError(hint));

        // What validateOptions() says of each value: the hint carries it.
        for (const char* bad : {"../x", "/var/tmp/partial", "a/../../b", "*.part", "part?", "[p]", "p\\q"}) {
            fg::SyncOptions alone;
            alone.transfer.partialDir = bad;
            const fg::Status engine = fg::validateOptions(alone);
            QVERIFY2(!engine.ok(), bad);
            const QString engineMessage = QString::fromStdString(engine.error().message);
            const QString prefix = QStringLiteral("--partial-dir %1: ").arg(QLatin1String(bad));
            QVERIFY2(engineMessage.startsWith(prefix), qPrintable(engineMessage));
            edit->setText(QLatin1String(bad));
            QVERIFY2(!form.isComplete(), bad);
            QVERIFY2(isError(hint), bad);
            QVERIFY2(hint->isVisibleTo(child<QWidget>(form, "backupsGroup")), bad); // shown once unfolded
            QVERIFY2(engineMessage.mid(prefix.size()).compare(hint->text(), Qt::CaseInsensitive) == 0,
                     qPrintable(hint->text() + QStringLiteral(" / ") + engineMessage));
            const auto spec = form.spec();
            QVERIFY2(!spec.ok(), bad);
            QCOMPARE(spec.error().code, fg::Errc::InvalidArgument);
            QVERIFY2(QString::fromStdString(spec.error().message).startsWith(QStringLiteral("Keep partial files in: ")),
                     spec.error().message.c_str());
            QVERIFY2(isError(summary), qPrintable(summary->text()));
        }

        // A good name with "Write files in place": the pair is refused.
        fg::SyncOptions both;
        both.transfer.partialDir = ".rsync-partial";
        both.transfer.inPlace = true;
        const fg::Status engine = fg::validateOptions(both);
        QVERIFY2(!engine.ok(), "the engine refuses --inplace with --partial-dir");
        const QString engineMessage = QString::fromStdString(engine.error().message);
        edit->setText(QStringLiteral(".rsync-partial"));
        QVERIFY(form.isComplete());
        QVERIFY(!isError(hint));
        QVERIFY2(hint->text().contains(QStringLiteral(".rsync-partial/NAME")), qPrintable(hint->text()));
        inPlace->setChecked(true);
        QVERIFY(!form.isComplete());
        auto spec = form.spec();
        QVERIFY(!spec.ok());
        QCOMPARE(spec.error().code, fg::Errc::InvalidArgument);
        const QString message = QString::fromStdString(spec.error().message);
        for (const QString& part : {QStringLiteral("Write files in place"), QStringLiteral("Keep partial files in"),
                                    engineMessage}) {
            QVERIFY2(message.contains(part), qPrintable(message));
        }
        QVERIFY(isError(inPlaceHint));
        QCOMPARE(inPlaceHint->text(), message);
        QVERIFY(summary->isVisible()); // the section is folded
        QVERIFY(isError(summary));
        QCOMPARE(summary->text(), message);
        // With -b too, the engine's first refusal: --partial-dir's, as the CLI says it.
        child<QCheckBox>(form, "backupCheck")->setChecked(true);
        QVERIFY(!form.isComplete());
        QCOMPARE(inPlaceHint->text(), message);
        child<QCheckBox>(form, "backupCheck")->setChecked(false);
        // A bad name is said at the field; the in-place box then only warns.
        edit->setText(QStringLiteral("../x"));
        QVERIFY(isError(hint));
        QVERIFY2(!inPlaceHint->text().contains(QStringLiteral("Keep partial files in")),
                 qPrintable(inPlaceHint->text()));
        QVERIFY(!form.isComplete());
        edit->setText(QStringLiteral(".rsync-partial"));

        // The same from a saved job.
        fg::JobSpec saved;
        saved.source = "/a/";
        saved.destination = "/b";
        saved.options = both;
        fgui::JobForm loaded;
        loaded.show();
        loaded.setSpec(saved);
        QVERIFY(!loaded.isComplete());
        QVERIFY(child<QWidget>(loaded, "backupsGroup")->isVisible());
        QVERIFY(isError(child<QLabel>(loaded, "inPlaceHint")));
        QCOMPARE(child<QLineEdit>(loaded, "partialDirEdit")->text(), QStringLiteral(".rsync-partial"));

        // Either alone runs.
        inPlace->setChecked(false);
        QVERIFY2(form.isComplete(), form.spec().ok() ? "" : form.spec().error().message.c_str());
        QCOMPARE(optionsOf(form)->transfer.partialDir, std::string(".rsync-partial"));
        QVERIFY(!isError(summary));
        inPlace->setChecked(true);
        edit->clear();
        QVERIFY(form.isComplete());
        QVERIFY(optionsOf(form)->transfer.inPlace);
        QVERIFY(optionsOf(form)->transfer.partialDir.empty());
    }

    // A value the engine would refuse blocks the spec with an error that starts with
    // the field's label, is said in red next to the field, and in the folded
    // section's summary; fixing it clears both.
    void badNewFieldsNameTheField_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("fixed");
        QTest::addColumn<QString>("label");
        QTest::addColumn<QString>("hint");
        QTest::addColumn<QString>("section");
        QString tooMany;
        for (size_t i = 0; i <= fg::kMaxLinkDest; ++i) tooMany += QStringLiteral("../snap-%1\n").arg(i);
        QTest::newRow("--chmod") << "chmodEdit" << "D7z9" << "D755" << "Change permissions" << "chmodHint"
                                 << "metadata";
        QTest::newRow("--chmod who") << "chmodEdit" << "q+w" << "u+w" << "Change permissions" << "chmodHint"
                                     << "metadata";
        QTest::newRow("--chown") << "chownEdit" << ":" << "ann:staff" << "Give everything to" << "ownersHint"
                                 << "metadata";
        QTest::newRow("--exclude-if-present path") << "excludeIfPresentEdit" << ".nobackup, cache/.nobackup"
                                                   << ".nobackup" << "Skip the contents of folders holding"
                                                   << "selectionHint" << "whichFiles";
        QTest::newRow("--exclude-if-present ..") << "excludeIfPresentEdit" << ".." << "CACHEDIR.TAG"
                                                 << "Skip the contents of folders holding" << "selectionHint"
                                                 << "whichFiles";
        QTest::newRow("--suffix") << "backupSuffixEdit" << "a/b" << ".bak" << "Suffix" << "backupHint" << "backups";
        QTest::newRow("--partial-dir ..") << "partialDirEdit" << "../x" << ".rsync-partial" << "Keep partial files in"
                                          << "partialDirHint" << "backups";
        QTest::newRow("--partial-dir absolute") << "partialDirEdit" << "/var/tmp/partial" << "partial"
                                                << "Keep partial files in" << "partialDirHint" << "backups";
        QTest::newRow("--partial-dir wildcard") << "partialDirEdit" << "part*" << "part" << "Keep partial files in"
                                                << "partialDirHint" << "backups";
        QTest::newRow("--link-dest x21") << "linkDestEdit" << tooMany << "../snap-0" << "Link unchanged files from"
                                         << "linkDestHint" << "backups";
    }
    void badNewFieldsNameTheField()
    {
        QFETCH(QString, field);
        QFETCH(QString, text);
        QFETCH(QString, fixed);
        QFETCH(QString, label);
        QFETCH(QString, hint);
        QFETCH(QString, section);
        fgui::JobForm form;
        form.show();
        form.setSource(QStringLiteral("/a/"));
        form.setDestination(QStringLiteral("/b"));
        child<QCheckBox>(form, "backupCheck")->setChecked(true); // the suffix is in force only with -b
        QVERIFY(form.isComplete());
        auto* summary = form.findChild<QLabel*>(section + QStringLiteral("Summary"));
        auto* hintLabel = form.findChild<QLabel*>(hint);
        QVERIFY(summary && hintLabel);
        auto setText = [&](const QString& value) {
            QWidget* w = form.findChild<QWidget*>(field);
            if (auto* line = qobject_cast<QLineEdit*>(w)) line->setText(value);
            else if (auto* plain = qobject_cast<QPlainTextEdit*>(w)) plain->setPlainText(value);
            else QFAIL(qPrintable(field));
        };
        setText(text);
        QVERIFY(!form.isComplete());
        auto spec = form.spec();
        QVERIFY(!spec.ok());
        QCOMPARE(spec.error().code, fg::Errc::InvalidArgument);
        const QString message = QString::fromStdString(spec.error().message);
        QVERIFY2(message.startsWith(label + QStringLiteral(": ")), qPrintable(message));
        QVERIFY2(!message.contains(QStringLiteral("--")), qPrintable(message)); // the form's words, not the CLI's
        QVERIFY2(isError(hintLabel), qPrintable(hintLabel->text()));
        QVERIFY(!hintLabel->text().isEmpty());
        // Folded, the section's summary says it in red.
        QVERIFY(!form.findChild<QWidget*>(section + QStringLiteral("Group"))->isVisible());
        QVERIFY(summary->isVisible());
        QVERIFY2(isError(summary), qPrintable(summary->text()));
        // The field is out of sight: the summary names it too.
        QVERIFY2(summary->text().startsWith(label + QStringLiteral(": ")), qPrintable(summary->text()));

        setText(fixed);
        QVERIFY2(form.isComplete(), form.spec().ok() ? "" : form.spec().error().message.c_str());
        QVERIFY(!isError(hintLabel));
        QVERIFY(!isError(summary));
    }

    // Folded, each section says in a line what is in force in it; open, the fields
    // say it themselves.
    void foldedSummariesSayWhatIsInForce()
    {
        fgui::JobForm form;
        form.show();
        form.setSource(QStringLiteral("/a/"));
        form.setDestination(QStringLiteral("/b"));
        auto* which = child<QLabel>(form, "whichFilesSummary");
        auto* metadata = child<QLabel>(form, "metadataSummary");
        auto* backups = child<QLabel>(form, "backupsSummary");
        for (QLabel* summary : {which, metadata, backups}) QVERIFY2(summary->isVisible(), qPrintable(summary->objectName()));
        QCOMPARE(which->text(), QStringLiteral("Every changed file is sent."));
        QCOMPARE(metadata->text(), QStringLiteral("Permissions and times kept"));
        QCOMPARE(backups->text(), QStringLiteral("No backups."));

        child<QCheckBox>(form, "oneFileSystemCheck")->setChecked(true);
        child<QCheckBox>(form, "safeLinksCheck")->setChecked(true);
        child<QLineEdit>(form, "excludeIfPresentEdit")->setText(QStringLiteral(".nobackup, CACHEDIR.TAG"));
        child<QCheckBox>(form, "copyLinksCheck")->setChecked(true);
        child<QCheckBox>(form, "appendVerifyCheck")->setChecked(true);
        for (const QString& part : {QStringLiteral("one file system"), QStringLiteral("links out of the tree skipped"),
                                    QStringLiteral("folders holding .nobackup or CACHEDIR.TAG"),
                                    QStringLiteral("links copied as what they point to"),
                                    QStringLiteral("only shorter files appended to")}) {
            QVERIFY2(which->text().contains(part, Qt::CaseInsensitive), qPrintable(which->text()));
        }
        child<QCheckBox>(form, "copyLinksCheck")->setChecked(false);
        child<QCheckBox>(form, "appendVerifyCheck")->setChecked(false);
        QVERIFY2(!which->text().contains(QStringLiteral("links copied")) &&
                     !which->text().contains(QStringLiteral("append")),
                 qPrintable(which->text()));

        child<QCheckBox>(form, "timesCheck")->setChecked(false);
        child<QLineEdit>(form, "chmodEdit")->setText(QStringLiteral("go-w"));
        child<QCheckBox>(form, "hardLinksCheck")->setChecked(true);
        child<QCheckBox>(form, "ownerCheck")->setChecked(true);
        child<QCheckBox>(form, "groupCheck")->setChecked(true);
        child<QCheckBox>(form, "numericIdsCheck")->setChecked(true);
        child<QLineEdit>(form, "chownEdit")->setText(QStringLiteral("ann:staff"));
        for (const QString& part :
             {QStringLiteral("Permissions kept, times not"), QStringLiteral("chmod go-w"), QStringLiteral("hard links kept"),
              QStringLiteral("owners and groups kept by number"), QStringLiteral("everything to ann:staff")}) {
            QVERIFY2(metadata->text().contains(part), qPrintable(metadata->text()));
        }
        child<QCheckBox>(form, "permsCheck")->setChecked(false);
        QVERIFY2(metadata->text().startsWith(QStringLiteral("Neither permissions nor times kept")),
                 qPrintable(metadata->text()));
        child<QLineEdit>(form, "chownEdit")->setText(QStringLiteral(":staff"));
        QVERIFY2(metadata->text().endsWith(QStringLiteral("everything to group staff")), qPrintable(metadata->text()));
        child<QLineEdit>(form, "chownEdit")->setText(QStringLiteral("ann"));
        QVERIFY2(metadata->text().endsWith(QStringLiteral("everything to user ann")), qPrintable(metadata->text()));

        child<QCheckBox>(form, "backupCheck")->setChecked(true);
        QCOMPARE(backups->text(), QStringLiteral("Backups as NAME~"));
        child<QLineEdit>(form, "backupDirEdit")->setText(QStringLiteral(".backups"));
        auto* links = child<QPlainTextEdit>(form, "linkDestEdit");
        links->setPlainText(QStringLiteral("../2026-11-30"));
        QCOMPARE(backups->text(), QStringLiteral("Backups in .backups, unchanged files linked from ../2026-11-30"));
        links->setPlainText(QStringLiteral("../2026-11-30\n../2026-11-29"));
        QVERIFY2(backups->text().endsWith(QStringLiteral("linked from 2 snapshots")), qPrintable(backups->text()));
        child<QCheckBox>(form, "backupCheck")->setChecked(false);
        QVERIFY2(backups->text().startsWith(QStringLiteral("Unchanged files linked")), qPrintable(backups->text()));
        child<QCheckBox>(form, "inPlaceCheck")->setChecked(true);
        QVERIFY2(backups->text().endsWith(QStringLiteral("changed files written in place")),
                 qPrintable(backups->text()));
        QVERIFY(!isError(backups));
        links->clear();
        QCOMPARE(backups->text(), QStringLiteral("Changed files written in place"));
        child<QCheckBox>(form, "inPlaceCheck")->setChecked(false);
        QCOMPARE(backups->text(), QStringLiteral("No backups."));
        child<QLineEdit>(form, "partialDirEdit")->setText(QStringLiteral(".rsync-partial"));
        QCOMPARE(backups->text(), QStringLiteral("Partial files in .rsync-partial"));
        child<QLineEdit>(form, "partialDirEdit")->clear();
        QCOMPARE(backups->text(), QStringLiteral("No backups."));

        // Advanced says nothing while nothing in it is set; a timeout in force is named.
        auto* advanced = child<QLabel>(form, "advancedSummary");
        QVERIFY(!advanced->isVisible());
        child<QSpinBox>(form, "ioTimeoutSpin")->setValue(600);
        child<QSpinBox>(form, "connectTimeoutSpin")->setValue(30);
        QVERIFY2(!advanced->isVisible(), qPrintable(advanced->text())); // a local job: neither is in force
        form.setDestination(kDaemon);
        QVERIFY(advanced->isVisible());
        QCOMPARE(advanced->text(), QStringLiteral("Stops when the far end is quiet for 10 min, connect timeout 30 s"));
        form.setDestination(QStringLiteral("ann@nas:/b"));
        QCOMPARE(advanced->text(), QStringLiteral("Stops when the far end is quiet for 10 min"));
        child<QLineEdit>(form, "rshEdit")->setText(QStringLiteral("ssh -p 2222"));
        QVERIFY2(advanced->text().endsWith(QStringLiteral("SSH command ssh -p 2222")), qPrintable(advanced->text()));
        child<QToolButton>(form, "advancedToggle")->setChecked(true);
        QVERIFY(!advanced->isVisible());

        // Open, the summary goes: the fields are in view.
        child<QToolButton>(form, "metadataToggle")->setChecked(true);
        QVERIFY(child<QWidget>(form, "metadataGroup")->isVisible());
        QVERIFY(!metadata->isVisible());
        child<QToolButton>(form, "metadataToggle")->setChecked(false);
        QVERIFY(metadata->isVisible());
    }

    // Removing source files turns the box red and says, under it, that it is a move.
    void removeSourceFilesShowsItsWarning()
    {
        fgui::JobForm form;
        form.show();
        form.setSource(QStringLiteral("/a/"));
        form.setDestination(QStringLiteral("/b"));
        auto* box = child<QCheckBox>(form, "removeSourceCheck");
        auto* warning = child<QLabel>(form, "removeSourceWarning");
        QVERIFY(box->isVisible()); // not folded away: it deletes a user's files
        QVERIFY(!warning->isVisible());
        QVERIFY(box->styleSheet().isEmpty());
        box->setChecked(true);
        QVERIFY(warning->isVisible());
        QVERIFY(isError(warning));
        QVERIFY2(warning->text().contains(QStringLiteral("deleted from the source")), qPrintable(warning->text()));
        QVERIFY(box->styleSheet().contains(QStringLiteral("#c62828")));
        QVERIFY(optionsOf(form)->transfer.removeSourceFiles);
        box->setChecked(false);
        QVERIFY(!warning->isVisible());
        QVERIFY(box->styleSheet().isEmpty());
        QVERIFY(!optionsOf(form)->transfer.removeSourceFiles);
        // A saved job that removes shows the warning as it loads.
        fg::JobSpec in;
        in.source = "/a/";
        in.destination = "/b";
        in.options.transfer.removeSourceFiles = true;
        form.setSpec(in);
        QVERIFY(warning->isVisible());
    }

    // --name-mapping: the combo sets the option, a spec sets the combo, and
    // the folded Metadata section says when names are not left out.
    void nameMappingChoice()
    {
        fgui::JobForm form;
        form.setSource(QStringLiteral("/home/ann/Archive/"));
        form.setDestination(QStringLiteral("/media/usb/archive"));
        QCOMPARE(optionsOf(form)->transfer.nameMapping, fg::NameMapping::Refuse);
        auto* combo = child<QComboBox>(form, "nameMappingCombo");
        combo->setCurrentIndex(combo->findData(int(fg::NameMapping::Map)));
        QCOMPARE(optionsOf(form)->transfer.nameMapping, fg::NameMapping::Map);
        QVERIFY(child<QLabel>(form, "nameMappingHint")->text().contains(QStringLiteral("restores")));
        QVERIFY(child<QLabel>(form, "metadataSummary")->text().contains(QStringLiteral("look-alikes")));
        auto spec = form.spec();
        QVERIFY(spec.ok());
        fgui::JobForm other;
        other.setSpec(*spec);
        QCOMPARE(other.nameMapping(), fg::NameMapping::Map);
        spec->options.transfer.nameMapping = fg::NameMapping::Off;
        other.setSpec(*spec);
        QCOMPARE(child<QComboBox>(other, "nameMappingCombo")->currentData().toInt(), int(fg::NameMapping::Off));
    }

    // While a job runs the new fields are locked with the rest (the spec in flight
    // is what the form shows); the sections still fold, which changes nothing.
    void newFieldsLockWhileRunning()
    {
        fgui::JobForm form;
        form.show();
        const char* fields[] = {"removeSourceCheck", "oneFileSystemCheck", "safeLinksCheck", "excludeIfPresentEdit",
                                "permsCheck", "timesCheck", "hardLinksCheck", "chmodEdit", "ownerCheck",
                                "groupCheck", "chownEdit", "backupCheck", "backupDirEdit", "backupSuffixEdit",
                                "linkDestEdit", "copyLinksCheck", "appendVerifyCheck", "inPlaceCheck",
                                "partialDirEdit", "nameMappingCombo"};
        child<QCheckBox>(form, "ownerCheck")->setChecked(true); // so --numeric-ids is live
        form.setEditable(false);
        for (const char* name : fields) QVERIFY2(!child<QWidget>(form, name)->isEnabled(), name);
        QVERIFY(!child<QWidget>(form, "numericIdsCheck")->isEnabled());
        for (const char* toggle : {"whichFilesToggle", "metadataToggle", "backupsToggle"}) {
            QVERIFY2(child<QWidget>(form, toggle)->isEnabled(), toggle);
        }
        form.setEditable(true);
        for (const char* name : fields) QVERIFY2(child<QWidget>(form, name)->isEnabled(), name);
        QVERIFY(child<QWidget>(form, "numericIdsCheck")->isEnabled());
        // Unlocking does not light up what is greyed for its own reason.
        child<QCheckBox>(form, "ownerCheck")->setChecked(false);
        form.setEditable(false);
        form.setEditable(true);
        QVERIFY(!child<QWidget>(form, "numericIdsCheck")->isEnabled());
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
