#pragma once
// Settings: the language, where saved jobs, the history and this computer's
// keys are kept, when a job's end is notified, and how long the history
// keeps runs. The language and the folder take effect when Floodgate starts
// again (everything already open reads the old ones); the rest at once.

#include "widgets/app_settings.h"

#include <QDialog>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLineEdit;
class QSpinBox;
QT_END_NAMESPACE

namespace fgui {

class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit SettingsDialog(const AppSettings& settings, QWidget* parent = nullptr);

    // What the dialog holds now.
    AppSettings settings() const;
    void setSettings(const AppSettings& settings);

private:
    QComboBox* m_language = nullptr;
    QLineEdit* m_stateDir = nullptr;
    QComboBox* m_notify = nullptr;
    QComboBox* m_units = nullptr;
    QSpinBox* m_historyDays = nullptr;
};

} // namespace fgui
