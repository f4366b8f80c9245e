#pragma once
// The pieces forms and panels are made of, shared so the main window, the job
// form and the Tuning Lab look and behave alike: a bold heading over a group of
// fields, the small grey line under a field that explains it (red when it flags
// a mistake), and labels that wrap rather than widen the window.

#include <QString>

QT_BEGIN_NAMESPACE
class QLabel;
class QWidget;
QT_END_NAMESPACE

namespace fgui {

// The red of a hint that flags a mistake, as a style sheet.
QString errorStyleSheet();

QLabel* makeHint(QWidget* parent);
// The hint says `text` (hidden when empty), in red when `error`.
void showHint(QLabel* label, const QString& text, bool error);
QLabel* makeHeading(const QString& text, QWidget* parent);

// A label whose text can be long (an error, a path, a conclusion): it wraps at
// the width the window has instead of setting the window's minimum width to
// its longest line. An unpaired client's error once made the window 1,944 px wide.
void wrapWithinWidth(QLabel* label);
// Quieter than the text around it (the placeholder colour), in light and dark
// themes alike.
void makeQuiet(QLabel* label);

} // namespace fgui
