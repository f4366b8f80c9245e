#include "lab/lab_comparison_view.h"

#include "charts/lab_colors.h"
#include "widgets/form_hints.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace fgui {
namespace {

QString seconds(double v) { return LabComparisonView::tr("%1 s").arg(QString::number(v, 'f', v < 10 ? 2 : 1)); }

// A change this small is within what runs of one setting differ by on a quiet
// link (a few percent): not coloured, so the eye goes to the real changes.
constexpr double kNoticeablePercent = 5.0;

} // namespace

LabComparisonView::LabComparisonView(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 6, 4, 0);
    layout->setSpacing(6);
    m_headline = new QLabel;
    m_headline->setObjectName(QStringLiteral("comparisonHeadline"));
    wrapWithinWidth(m_headline);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_headline);

    m_table = new QTableWidget(0, 4);
    m_table->setObjectName(QStringLiteral("comparisonTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setShowGrid(false);
    m_table->setAlternatingRowColors(true);
    m_table->setFrameShape(QFrame::NoFrame);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < 4; ++c) m_table->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    layout->addWidget(m_table, 1);
    clear();
}

void LabComparisonView::clear()
{
    m_table->setRowCount(0);
    m_table->setHorizontalHeaderLabels({tr("Setting"), tr("This experiment"), tr("The other"), tr("Change")});
    m_headline->setText(tr("Compare with\u2026 opens an earlier experiment and shows, for each setting both ran, "
                           "the two median times."));
}

void LabComparisonView::showComparison(const LabComparison& comparison, const QString& otherName,
                                       const fg::LabReport& other)
{
    m_table->setHorizontalHeaderLabels({tr("Setting"), tr("This experiment"), otherName, tr("Change")});
    m_table->setRowCount(int(comparison.rows.size()));
    for (int row = 0; row < int(comparison.rows.size()); ++row) {
        const LabComparisonRow& r = comparison.rows[size_t(row)];
        auto* setting = new QTableWidgetItem(r.setting);
        auto* here = new QTableWidgetItem(seconds(r.medianSeconds));
        auto* there = new QTableWidgetItem(seconds(r.otherMedianSeconds));
        auto* change = new QTableWidgetItem(changeText(r.changePercent));
        for (auto* item : {here, there, change}) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        if (r.changePercent <= -kNoticeablePercent) change->setForeground(labBestColor());
        if (r.changePercent >= kNoticeablePercent) change->setForeground(QColor(0xc6, 0x28, 0x28));
        change->setToolTip(r.changePercent < 0 ? tr("Faster in this experiment") : tr("Slower in this experiment"));
        m_table->setItem(row, 0, setting);
        m_table->setItem(row, 1, here);
        m_table->setItem(row, 2, there);
        m_table->setItem(row, 3, change);
    }
    QString text = tr("Compared with %1 (%2, %3).")
                       .arg(otherName, QString::fromStdString(other.target), QString::fromStdString(other.workload));
    if (comparison.rows.empty()) {
        text += QLatin1Char(' ') + tr("The two experiments have no setting in common that ran in both.");
    } else {
        text += QLatin1Char(' ') + (comparison.rows.size() == 1 ? tr("1 setting ran in both.")
                                                                : tr("%1 settings ran in both.").arg(comparison.rows.size()));
    }
    if (comparison.onlyHere > 0) text += QLatin1Char(' ') + tr("Only in this one: %1.").arg(comparison.onlyHere);
    if (comparison.onlyThere > 0) text += QLatin1Char(' ') + tr("Only in the other: %1.").arg(comparison.onlyThere);
    m_headline->setText(text);
}

int LabComparisonView::rowCount() const { return m_table->rowCount(); }

QString LabComparisonView::cellText(int row, int column) const
{
    const QTableWidgetItem* item = m_table->item(row, column);
    return item ? item->text() : QString();
}

QString LabComparisonView::headline() const { return m_headline->text(); }

} // namespace fgui
