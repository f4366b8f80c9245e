#pragma once
// What the user set in Settings, kept by QSettings (~/.config/Floodgate on
// Linux, the registry on Windows): the language, where Floodgate keeps its
// saved jobs, history and keys, when to notify, how long the history keeps
// runs. Read once at start; the dialog writes them back.

#include <QString>

namespace fgui {

struct AppSettings {
    enum class Notify { Always, Problems, Never };

    QString language;       // "en", "es", "ja", "zh_CN"; empty: the system's
    QString stateDir;       // empty: the default ($FLOODGATE_HOME, ~/.config/floodgate)
    Notify notify = Notify::Always;
    int historyDays = 0;    // runs older than this are forgotten; 0: kept for ever
    bool decimalUnits = false; // sizes in 1000-based units (kB, MB) instead of 1024-based

    static AppSettings load();
    void save() const;
    bool operator==(const AppSettings&) const = default;
};

// Puts in force what can be at once (the units sizes are written in).
void applyDisplaySettings(const AppSettings& settings);

// Whether a job that ended so is worth a notification under `notify`.
bool shouldNotify(AppSettings::Notify notify, bool problem);

} // namespace fgui
