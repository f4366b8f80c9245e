#include "widgets/window_parts.h"

#include "widgets/form_hints.h"

#include <QFrame>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace fgui {

QSplitter* makeSideBySide(QWidget* setup, QWidget* work, int setupWidth, int workWidth)
{
    auto* split = new QSplitter(Qt::Horizontal);
    split->setChildrenCollapsible(false);
    split->addWidget(setup);
    split->addWidget(work);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({setupWidth, workWidth});
    return split;
}

QFrame* makeCard(QWidget* content, const QString& objectName, QMargins margins)
{
    auto* card = new QFrame;
    card->setObjectName(objectName);
    // By name: a plain QFrame rule would also draw the border around every
    // frame inside (the tables, the chart's view).
    card->setStyleSheet(QStringLiteral("QFrame#%1 { background: palette(base); border: 1px solid palette(midlight);"
                                       " border-radius: 6px; }")
                            .arg(objectName));
    auto* layout = new QVBoxLayout(card);
    layout->setContentsMargins(margins);
    layout->addWidget(content);
    return card;
}

QLabel* makeStatusLine()
{
    auto* status = new QLabel;
    status->setObjectName(QStringLiteral("statusLine"));
    QFont statusFont = status->font();
    statusFont.setPointSizeF(statusFont.pointSizeF() * 1.1);
    status->setFont(statusFont);
    status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    wrapWithinWidth(status);
    return status;
}

OutcomePanel makeOutcomePanel(const QString& frameName, const QString& titleName)
{
    OutcomePanel panel;
    panel.frame = new QFrame;
    panel.frame->setObjectName(frameName);
    panel.layout = new QVBoxLayout(panel.frame);
    panel.layout->setContentsMargins(12, 8, 12, 8);
    panel.layout->setSpacing(4);
    panel.title = new QLabel;
    panel.title->setObjectName(titleName);
    QFont titleFont = panel.title->font();
    titleFont.setBold(true);
    panel.title->setFont(titleFont);
    panel.title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    wrapWithinWidth(panel.title);
    panel.layout->addWidget(panel.title);
    return panel;
}

void setOutcomeColour(QFrame* frame, QLabel* title, const QString& colour)
{
    frame->setStyleSheet(QStringLiteral("QFrame#%1 { background: palette(base); border: 1px solid palette(mid);"
                                        " border-left: 4px solid %2; border-radius: 4px; }")
                             .arg(frame->objectName(), colour));
    title->setStyleSheet(QStringLiteral("color: %1;").arg(colour));
}

QTableView* makeTable(QWidget* parent, Qt::TextElideMode elide)
{
    auto* table = new QTableView(parent);
    table->setShowGrid(false);
    table->setAlternatingRowColors(true);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setWordWrap(false);
    table->setTextElideMode(elide);
    table->setFrameShape(QFrame::NoFrame);
    table->verticalHeader()->hide();
    // Fixed row heights: the view never measures 100k rows to lay them out.
    table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 8);
    table->horizontalHeader()->setHighlightSections(false);
    table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    return table;
}

} // namespace fgui
