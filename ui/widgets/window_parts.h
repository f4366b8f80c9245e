#pragma once
// The parts the main window and the Tuning Lab window are both built of, so the
// two read as one application: the set-up beside the work, charts on cards, the
// status line, the panel that says how a run ended, and the tables.

#include <QMargins>
#include <QString>
#include <Qt>

QT_BEGIN_NAMESPACE
class QFrame;
class QLabel;
class QSplitter;
class QTableView;
class QVBoxLayout;
class QWidget;
QT_END_NAMESPACE

namespace fgui {

// `setup` on the left, `work` on the right taking what the window gains; the
// widths are the first split. Neither side collapses: a dragged handle never
// hides the form or the results.
QSplitter* makeSideBySide(QWidget* setup, QWidget* work, int setupWidth, int workWidth);

// `content` on a card like the tables beside it (the base colour, a light
// border, round corners), not on the window's grey.
QFrame* makeCard(QWidget* content, const QString& objectName, QMargins margins);

// The line that says what the window is doing: a little larger than the text
// around it, selectable, and wrapping rather than widening the window.
QLabel* makeStatusLine();

// The panel that says how a run ended (a job's summary, an experiment's answer):
// a bold title first, the caller's lines below it in `layout`.
struct OutcomePanel {
    QFrame* frame = nullptr;
    QVBoxLayout* layout = nullptr;
    QLabel* title = nullptr;
};
OutcomePanel makeOutcomePanel(const QString& frameName, const QString& titleName);
// The outcome at a glance: the panel's left edge and its title in `colour`
// ("#2e7d32", green for done).
void setOutcomeColour(QFrame* frame, QLabel* title, const QString& colour);

// A table of rows to read, not a grid to edit: no grid lines, alternate rows
// shaded, whole rows selected, no row numbers. Long cells elide at `elide`.
QTableView* makeTable(QWidget* parent, Qt::TextElideMode elide);

} // namespace fgui
