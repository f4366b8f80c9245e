#pragma once
// The "Compare with…" tab: this experiment's medians beside an earlier one's,
// setting by setting, with the change in percent (green: faster now).

#include "lab/lab_comparison.h"

#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QTableWidget;
QT_END_NAMESPACE

namespace fgui {

class LabComparisonView : public QWidget {
    Q_OBJECT
public:
    explicit LabComparisonView(QWidget* parent = nullptr);

    // `otherName` names the other experiment (its file name); `other` says what it was.
    void showComparison(const LabComparison& comparison, const QString& otherName, const fg::LabReport& other);
    void clear();

    // What the table shows, for tests.
    int rowCount() const;
    QString cellText(int row, int column) const;
    QString headline() const;

private:
    QLabel* m_headline = nullptr;
    QTableWidget* m_table = nullptr;
};

} // namespace fgui
