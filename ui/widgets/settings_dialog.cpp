#include "widgets/settings_dialog.h"

#include "widgets/language.h"

#include <floodgate/identity.h>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace fgui {
namespace {

// A language by its own name ("日本語", "Español"), as people look for it.
QString languageName(const QString& code)
{
    const QLocale locale(code);
    QString name = locale.nativeLanguageName();
    if (code == QLatin1String("zh_CN")) name = QStringLiteral("\u7b80\u4f53\u4e2d\u6587");
    if (!name.isEmpty()) name[0] = name[0].toUpper();
    return name.isEmpty() ? code : name;
}

} // namespace

SettingsDialog::SettingsDialog(const AppSettings& settings, QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("settingsDialog"));
    setWindowTitle(tr("Settings"));
    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);

    m_language = new QComboBox;
    m_language->setObjectName(QStringLiteral("settingsLanguage"));
    m_language->addItem(tr("The system's"), QString());
    for (const QString& code : availableLanguages()) m_language->addItem(languageName(code), code);
    form->addRow(tr("Language:"), m_language);

    m_stateDir = new QLineEdit;
    m_stateDir->setObjectName(QStringLiteral("settingsStateDir"));
    m_stateDir->setPlaceholderText(QString::fromStdString(fg::defaultStateDir()));
    m_stateDir->setToolTip(tr("Where saved jobs, the history, this computer's keys and its pairings are kept "
                              "(FLOODGATE_HOME); empty: the default"));
    auto* browse = new QPushButton(tr("Choose\u2026"));
    auto* stateRow = new QHBoxLayout;
    stateRow->addWidget(m_stateDir, 1);
    stateRow->addWidget(browse);
    form->addRow(tr("Floodgate folder:"), stateRow);

    m_notify = new QComboBox;
    m_notify->setObjectName(QStringLiteral("settingsNotify"));
    m_notify->addItem(tr("When any job ends"), int(AppSettings::Notify::Always));
    m_notify->addItem(tr("Only when a job fails or leaves files out"), int(AppSettings::Notify::Problems));
    m_notify->addItem(tr("Never"), int(AppSettings::Notify::Never));
    form->addRow(tr("Notify:"), m_notify);

    m_units = new QComboBox;
    m_units->setObjectName(QStringLiteral("settingsUnits"));
    m_units->addItem(tr("1024-based: 1 MB = 1,048,576 bytes (as --bwlimit counts)"), false);
    m_units->addItem(tr("1000-based: 1 MB = 1,000,000 bytes (as disk makers count)"), true);
    form->addRow(tr("Sizes:"), m_units);

    m_historyDays = new QSpinBox;
    m_historyDays->setObjectName(QStringLiteral("settingsHistoryDays"));
    m_historyDays->setRange(0, 36500);
    m_historyDays->setSpecialValueText(tr("For ever"));
    m_historyDays->setSuffix(tr(" days"));
    form->addRow(tr("Keep runs in the history:"), m_historyDays);

    auto* note = new QLabel(tr("The language and the folder take effect when Floodgate starts again."));
    note->setWordWrap(true);
    note->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addStretch(1);
    layout->addWidget(buttons);

    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Floodgate folder"), m_stateDir->text());
        if (!dir.isEmpty()) m_stateDir->setText(dir);
    });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    setSettings(settings);
    resize(520, sizeHint().height());
}

AppSettings SettingsDialog::settings() const
{
    AppSettings s;
    s.language = m_language->currentData().toString();
    s.stateDir = m_stateDir->text().trimmed();
    s.notify = AppSettings::Notify(m_notify->currentData().toInt());
    s.historyDays = m_historyDays->value();
    s.decimalUnits = m_units->currentData().toBool();
    return s;
}

void SettingsDialog::setSettings(const AppSettings& s)
{
    m_language->setCurrentIndex(std::max(0, m_language->findData(s.language)));
    m_stateDir->setText(s.stateDir);
    m_notify->setCurrentIndex(std::max(0, m_notify->findData(int(s.notify))));
    m_historyDays->setValue(s.historyDays);
    m_units->setCurrentIndex(s.decimalUnits ? 1 : 0);
}

} // namespace fgui
