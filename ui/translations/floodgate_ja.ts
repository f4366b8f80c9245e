<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>LabReportReader</name>
    <message>
        <location filename="../lab/lab_report_reader.cpp" line="+110"/>
        <source>Not JSON: %1 (at byte %2)</source>
        <translation>JSON ではありません: %1 (%2 バイト目)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Not a Floodgate lab experiment: it has no trials or no summary of settings (save one from the Tuning Lab, or run `floodgate lab --json`)</source>
        <translation>Floodgate のラボ実験ではありません: 試行または設定の概要がありません (チューニングラボから保存するか、`floodgate lab --json` を実行してください)</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>A setting in the summary has no name</source>
        <translation>概要内の設定に名前がありません</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>A trial of &quot;%1&quot;, a setting the summary does not list</source>
        <translation>概要に記載されていない設定「%1」の試行があります</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The best setting &quot;%1&quot; is not among the settings</source>
        <translation>最良の設定「%1」が設定一覧にありません</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cannot read %1: %2</source>
        <translation>%1 を読み込めません: %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 is too big to be a lab experiment</source>
        <translation>%1 はラボ実験としては大きすぎます</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>fgui::BottleneckStrip</name>
    <message>
        <location filename="../charts/bottleneck_strip.cpp" line="+62"/>
        <source>limit</source>
        <translation>制約</translation>
    </message>
    <message>
        <location line="+20"/>
        <source> (%1)</source>
        <translation> (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1%2 from %3 s to %4 s</source>
        <translation>%1%2: %3 s～%4 s</translation>
    </message>
</context>
<context>
    <name>fgui::FileTableModel</name>
    <message>
        <location filename="../models/file_table_model.cpp" line="+356"/>
        <source>copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>update</source>
        <translation>更新</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fix attributes</source>
        <translation>属性を修正</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>link</source>
        <translation>リンク</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>create folder</source>
        <translation>フォルダーを作成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unchanged</source>
        <translation>変更なし</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>queued</source>
        <translation>待機中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>active</source>
        <translation>処理中</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>deleted</source>
        <translation>削除済み</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>attributes fixed</source>
        <translation>属性を修正済み</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>linked</source>
        <translation>リンク済み</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>done</source>
        <translation>完了</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stopped</source>
        <translation>停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not transferred</source>
        <translation>未転送</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Method</source>
        <translation>方式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progress</source>
        <translation>進捗</translation>
    </message>
</context>
<context>
    <name>fgui::HistoryChart</name>
    <message>
        <location filename="../charts/history_chart.cpp" line="+45"/>
        <source>Rate (MB/s)</source>
        <translation>速度 (MB/s)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Duration (s)</source>
        <translation>所要時間 (s)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failed or cancelled</source>
        <translation>失敗またはキャンセル</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
</context>
<context>
    <name>fgui::HistoryModel</name>
    <message>
        <location filename="../models/history_model.cpp" line="+47"/>
        <source>Cancelled</source>
        <translation>キャンセル済み</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Dry run</source>
        <translation>ドライラン</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>OK</source>
        <translation>成功</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Partial (exit %1)</source>
        <translation>一部失敗 (終了コード %1)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Failed (exit %1)</source>
        <translation>失敗 (終了コード %1)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Window</source>
        <translation>ウィンドウ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Schedule</source>
        <translation>スケジュール</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Command line</source>
        <translation>コマンドライン</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>(not saved)</source>
        <translation>(未保存)</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Suggested: %1</source>
        <translation>推奨: %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Started</source>
        <translation>開始日時</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Job</source>
        <translation>ジョブ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time</source>
        <translation>所要時間</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files</source>
        <translation>ファイル数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Data</source>
        <translation>データ量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rate</source>
        <translation>速度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Limited by</source>
        <translation>ボトルネック</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Started from</source>
        <translation>起動元</translation>
    </message>
</context>
<context>
    <name>fgui::HistoryWindow</name>
    <message>
        <location filename="../widgets/history_window.cpp" line="+39"/>
        <source>History — Floodgate</source>
        <translation>履歴 — Floodgate</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Job:</source>
        <translation>ジョブ:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Refresh</source>
        <translation>再読み込み</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the history again (runs from the command line or a schedule appear)</source>
        <translation>履歴を読み込み直します (コマンドラインやスケジュールからの実行も表示されます)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>No runs yet: each run of this job adds its rate and duration here.</source>
        <translation>まだ実行がありません。このジョブを実行するたびに、速度と所要時間がここに追加されます。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Choose a run to see its command, errors and log.</source>
        <translation>実行を選択すると、そのコマンド、エラー、ログを表示します。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Export…</source>
        <translation>エクスポート…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save this run&apos;s command, errors and log to a text file</source>
        <translation>この実行のコマンド、エラー、ログをテキストファイルに保存します</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Export the run</source>
        <translation>実行をエクスポート</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Text files (*.txt)</source>
        <translation>テキストファイル (*.txt)</translation>
    </message>
    <message>
        <location line="+147"/>
        <source>The history cannot be read: %1</source>
        <translation>履歴を読み込めません: %1</translation>
    </message>
    <message numerus="yes">
        <location line="-75"/>
        <source>%n run(s) could not be recorded; the last: %1</source>
        <translation>
            <numerusform>%n 件の実行を記録できませんでした。最後のもの: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n 件の実行</numerusform>
        </translation>
    </message>
    <message>
        <location line="+18"/>
        <source>All jobs</source>
        <translation>すべてのジョブ</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>This run cannot be read: %1</source>
        <translation>この実行を読み込めません: %1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The run could not be exported to %1: %2</source>
        <translation>実行を %1 にエクスポートできませんでした: %2</translation>
    </message>
</context>
<context>
    <name>fgui::JobForm</name>
    <message>
        <location filename="../widgets/job_form.cpp" line="+104"/>
        <source>Use 1M to 4G (or leave empty for auto): smaller chunks cost more than they spread, bigger ones cannot balance the streams</source>
        <translation>1M～4G を指定してください (空欄で自動): これより小さいチャンクは分散の効果よりコストが上回り、大きいチャンクではストリーム間の負荷を均等にできません</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Suffix: &apos;%1&apos; holds a /, which a file name cannot</source>
        <translation>サフィックス: &apos;%1&apos; に / が含まれていますが、ファイル名には使用できません</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Suffix: longer than 64 bytes</source>
        <translation>サフィックス: 64 バイトを超えています</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Backups: %1</source>
        <translation>バックアップ: %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Link unchanged files from: at most %1 folders, not %2</source>
        <translation>未変更ファイルのリンク元: 最大 %1 フォルダーまでです (%2 個指定されています)</translation>
    </message>
    <message>
        <location line="+33"/>
        <location line="+675"/>
        <location line="+437"/>
        <location line="+483"/>
        <source>Keep partial files in</source>
        <translation>部分ファイルの保存先</translation>
    </message>
    <message>
        <location line="-1594"/>
        <source>Keep replaced and deleted files</source>
        <translation>置き換え・削除したファイルを保持</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>“Write files in place” and “%1”: %2</source>
        <translation>「ファイルをインプレースで書き込む」と「%1」: %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>1 day</source>
        <translation>1 日</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 days</source>
        <translation>%1 日</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Skip the contents of folders holding: &apos;%1&apos; is a path; give a file name such as .nobackup</source>
        <translation>次のファイルを含むフォルダーの中身をスキップ: &apos;%1&apos; はパスです。.nobackup のようなファイル名を指定してください</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Give everything to: write USER, :GROUP or USER:GROUP</source>
        <translation>所有者/グループを一括指定: USER、:GROUP、USER:GROUP のいずれかの形式で入力してください</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Local folder</source>
        <translation>ローカルフォルダー</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Local folder: its contents are synced</source>
        <translation>ローカルフォルダー: その中身を同期します</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Local folder: copied as a folder (end with / to sync its contents)</source>
        <translation>ローカルフォルダー: フォルダーごとコピーします (中身を同期するには末尾に / を付けてください)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Floodgate daemon %1:%2, module “%3”</source>
        <translation>Floodgate デーモン %1:%2、モジュール「%3」</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, path %1</source>
        <translation>、パス %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>SSH to %1, path %2</source>
        <translation>%1 への SSH、パス %2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>(home folder)</source>
        <translation>(ホームフォルダー)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Folder, floodgate://host:port/module/path or user@host:path</source>
        <translation>フォルダー、floodgate://host:port/module/path、または user@host:path</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Source</source>
        <translation>転送元</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Destination</source>
        <translation>転送先</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Options</source>
        <translation>オプション</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Dry run (change nothing)</source>
        <translation>ドライラン (何も変更しない)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Plan and report what would change, but change nothing (-n)</source>
        <translation>変更内容を計画して報告しますが、何も変更しません (-n)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete extraneous files</source>
        <translation>余分なファイルを削除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove what the destination has and the source lacks (--delete)</source>
        <translation>転送先にあって転送元にないものを削除します (--delete)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Files and folders on the destination that the source lacks will be deleted. Preview first.</source>
        <translation>転送元にない転送先のファイルとフォルダーは削除されます。先にプレビューしてください。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Make missing destination folders</source>
        <translation>不足している転送先フォルダーを作成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Create the destination&apos;s missing parent folders; without this they must exist (--mkpath)</source>
        <translation>転送先の不足している親フォルダーを作成します。オフの場合は親フォルダーが既に存在している必要があります (--mkpath)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Also delete excluded files</source>
        <translation>除外したファイルも削除</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Paths on the destination that the filters exclude are deleted too; by default they are kept (--delete-excluded)</source>
        <translation>フィルターで除外された転送先のパスも削除します。既定では保持されます (--delete-excluded)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>At most</source>
        <translation>最大</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>deletions</source>
        <translation>件の削除</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete at most this many entries; the rest are kept and listed, and the job reports that it stopped deleting. 0 deletes nothing (--max-delete)</source>
        <translation>削除する項目数の上限です。残りは保持されて一覧表示され、ジョブは削除を中止したことを報告します。0 の場合は何も削除しません (--max-delete)</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Remove copied source files</source>
        <translation>コピー済みの転送元ファイルを削除</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Once the job is done, each file the destination has (sent, or there already as it is) is removed from the source; a file that changed after it was read is kept, and folders stay (--remove-source-files)</source>
        <translation>ジョブの完了後、転送先にあるファイル (送信済み、または既に同じ内容で存在するもの) を転送元から削除します。読み取り後に変更されたファイルは保持され、フォルダーは残ります (--remove-source-files)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Files are deleted from the source once the destination has them: a move, not a copy. Preview first.</source>
        <translation>転送先に届いたファイルは転送元から削除されます。コピーではなく移動です。先にプレビューしてください。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Compare by checksum</source>
        <translation>チェックサムで比較</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare file contents by hash instead of size and time: slower, exact (-c)</source>
        <translation>サイズと更新日時ではなくハッシュでファイルの内容を比較します。低速ですが正確です (-c)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Transfer</source>
        <translation>転送</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>unlimited</source>
        <translation>無制限</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shared by all streams (--bwlimit). A rate such as 20M, or a timetable: rules are tried in order and the first that matches the day and time applies, for example “Mon-Fri 08:00-18:00 20M, Sat-Sun 2M, 100M”. 0 or off: unlimited.</source>
        <translation>すべてのストリームで共有します (--bwlimit)。20M のような速度、またはタイムテーブルを指定します。タイムテーブルではルールが順に評価され、曜日と時刻に最初に一致したものが適用されます。例:「Mon-Fri 08:00-18:00 20M, Sat-Sun 2M, 100M」。0 または off: 無制限。</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+1332"/>
        <source>Bandwidth limit</source>
        <translation>帯域幅の制限</translation>
    </message>
    <message>
        <location line="-1322"/>
        <location line="+11"/>
        <location line="+74"/>
        <source>Auto</source>
        <translation>自動</translation>
    </message>
    <message>
        <location line="-83"/>
        <source>Data connections to the daemon besides the control connection (--streams). Auto starts with 2 and adds 2 at a time, up to 8, while the total rate still rises by 10 % or more.</source>
        <translation>制御用の接続とは別に開く、デーモンへのデータ接続の数です (--streams)。自動では 2 から始め、合計速度が 10 % 以上上がる間は 2 ずつ最大 8 まで増やします。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Streams</source>
        <translation>ストリーム</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Big files are cut into chunks of this size and spread over the streams (--chunk-size), 1M to 4G. Auto picks a size per file from its size and the number of streams.</source>
        <translation>大きなファイルをこのサイズのチャンクに分割し、ストリームに分散します (--chunk-size)。1M～4G。自動ではファイルのサイズとストリーム数から、ファイルごとにサイズを選びます。</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+1318"/>
        <source>Chunk size</source>
        <translation>チャンクサイズ</translation>
    </message>
    <message>
        <location line="-1313"/>
        <source>Default (bbr where available)</source>
        <translation>既定 (利用可能なら bbr)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>TCP congestion control for the data connections (--congestion). The list is what this computer&apos;s kernel offers; the daemon&apos;s end uses the same where its kernel has it.</source>
        <translation>データ接続の TCP 輻輳制御です (--congestion)。一覧はこのコンピューターのカーネルが提供するものです。デーモン側も、そのカーネルが対応していれば同じものを使います。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Congestion control</source>
        <translation>輻輳制御</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+32"/>
        <source>Auto (default)</source>
        <translation>自動 (既定)</translation>
    </message>
    <message>
        <location line="-28"/>
        <source>None (unencrypted)</source>
        <translation>なし (暗号化しない)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How the connections to the daemon are encrypted (--cipher, TLS 1.3). None still checks both ends&apos; identities and keeps the control connection encrypted, but sends file data in the clear; the daemon&apos;s module must allow it (--allow-plaintext).</source>
        <translation>デーモンへの接続の暗号化方式です (--cipher、TLS 1.3)。「なし」でも両端の身元確認は行われ、制御用の接続は暗号化されたままですが、ファイルデータは平文で送信されます。デーモンのモジュールでこれが許可されている必要があります (--allow-plaintext)。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cipher</source>
        <translation>暗号方式</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>When the job ends (default)</source>
        <translation>ジョブ終了時 (既定)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>After each file</source>
        <translation>ファイルごと</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Left to the system</source>
        <translation>システムに任せる</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>When written files are forced to the disk (--fsync). A job that says done has its files on disk, unless this is left to the system.</source>
        <translation>書き込んだファイルをディスクに強制的に書き出すタイミングです (--fsync)。「システムに任せる」以外では、完了と表示されたジョブのファイルはディスク上にあります。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Write to disk</source>
        <translation>ディスクへの書き出し</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Only the differences</source>
        <translation>差分のみ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Whole files</source>
        <translation>ファイル全体</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How a changed file travels when the destination has an old copy of it (-W / --no-whole-file).</source>
        <translation>転送先に古いコピーがある場合に、変更されたファイルを転送する方法です (-W / --no-whole-file)。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Changed files</source>
        <translation>変更されたファイル</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>None (default)</source>
        <translation>なし (既定)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Zstandard, fast (level 1)</source>
        <translation>Zstandard、高速 (レベル 1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zstandard (level 3)</source>
        <translation>Zstandard (レベル 3)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zstandard, strong (level 9)</source>
        <translation>Zstandard、高圧縮 (レベル 9)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How file data is compressed on the wire (--compress, -z for Auto). Each frame is compressed on its own; one that does not shrink by a few percent goes as it is.</source>
        <translation>転送時のファイルデータの圧縮方法です (--compress、自動は -z)。フレームごとに個別に圧縮し、数パーセントも縮まないフレームはそのまま送ります。</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+1234"/>
        <source>Compression</source>
        <translation>圧縮</translation>
    </message>
    <message>
        <location line="-1229"/>
        <source>XXH3-128 (default)</source>
        <translation>XXH3-128 (既定)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The hash every chunk and every file is verified with before it replaces the old version, and the one &quot;Compare by checksum&quot; compares by (--checksum-choice).</source>
        <translation>各チャンクと各ファイルが古いバージョンを置き換える前の検証に使うハッシュで、「チェックサムで比較」の比較にも使われます (--checksum-choice)。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>File checksum</source>
        <translation>ファイルのチェックサム</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>(ssh default)</source>
        <translation>(ssh の既定)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The cipher ssh uses for user@host:path jobs (--ssh-cipher, passed to ssh as -c). The list is what this computer&apos;s ssh offers; the server must offer it too.</source>
        <translation>user@host:path ジョブで ssh が使う暗号方式です (--ssh-cipher、ssh には -c として渡されます)。一覧はこのコンピューターの ssh が提供するもので、サーバー側も対応している必要があります。</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+1242"/>
        <source>SSH cipher</source>
        <translation>SSH 暗号方式</translation>
    </message>
    <message>
        <location line="-1228"/>
        <source>Filters</source>
        <translation>フィルター</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>*.tmp
.cache/</source>
        <translation>*.tmp
.cache/</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>*.jpg</source>
        <translation>*.jpg</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exclude, one pattern per line</source>
        <translation>除外 (1 行に 1 パターン)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Include, one pattern per line</source>
        <translation>含める (1 行に 1 パターン)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Includes are checked before excludes; the first pattern that matches decides.</source>
        <translation>「含める」パターンは除外パターンより先に評価され、最初に一致したパターンで決まります。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Which files</source>
        <translation>対象ファイル</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Keep newer destination files (-u)</source>
        <translation>転送先の新しいファイルを保持 (-u)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep a destination file whose time is newer than the source&apos;s (-u, --update)</source>
        <translation>更新日時が転送元より新しい転送先ファイルを保持します (-u, --update)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only new files (--ignore-existing)</source>
        <translation>新しいファイルのみ (--ignore-existing)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip every file the destination already has, changed or not (--ignore-existing)</source>
        <translation>転送先に既にあるファイルは、変更の有無にかかわらずすべてスキップします (--ignore-existing)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only existing files (--existing)</source>
        <translation>既存のファイルのみ (--existing)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Create nothing new, files or folders: update only what the destination has (--existing)</source>
        <translation>ファイルもフォルダーも新規作成せず、転送先にあるものだけを更新します (--existing)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compare by size only (--size-only)</source>
        <translation>サイズのみで比較 (--size-only)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A file of the same size counts as unchanged, whatever its time (--size-only)</source>
        <translation>サイズが同じファイルは、更新日時にかかわらず変更なしとみなします (--size-only)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send files even if unchanged (-I)</source>
        <translation>変更がなくてもファイルを送信 (-I)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send every file, even one whose size and time match, as differences where the destination has a copy (-I, --ignore-times)</source>
        <translation>サイズと更新日時が一致するファイルも含めてすべて送信します。転送先にコピーがあるものは差分で送ります (-I, --ignore-times)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Append only (--append-verify)</source>
        <translation>追記のみ (--append-verify)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>For files that only grow, such as logs and downloads: a destination file as long as the source&apos;s or longer is left alone, even if its content differs; a shorter one gets the rest, and the whole file is verified before it replaces the old one (--append-verify, --append)</source>
        <translation>ログやダウンロードのように大きくなる一方のファイル向けです。転送元と同じ長さ以上の転送先ファイルは、内容が異なってもそのままにします。短いファイルには残りの部分を追記し、古いファイルを置き換える前にファイル全体を検証します (--append-verify, --append)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Shorter destination files get the rest; ones at full length or longer are left as they are, even if they differ.</source>
        <translation>短い転送先ファイルには残りの部分を追記します。同じ長さ以上のファイルは、内容が異なってもそのままにします。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>no limit</source>
        <translation>制限なし</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Skip files larger than this, such as 100M or 1.5G (--max-size)</source>
        <translation>これより大きいファイルをスキップします。例: 100M、1.5G (--max-size)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip files smaller than this, such as 4K (--min-size)</source>
        <translation>これより小さいファイルをスキップします。例: 4K (--min-size)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip files larger than</source>
        <translation>次より大きいファイルをスキップ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip files smaller than</source>
        <translation>次より小さいファイルをスキップ</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stay on one file system (-x)</source>
        <translation>1 つのファイルシステム内にとどまる (-x)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Do not cross into other file systems: a folder that is another one&apos;s mount point comes empty, and --delete leaves what the destination has in it alone (-x, --one-file-system)</source>
        <translation>他のファイルシステムには入りません。他のファイルシステムのマウントポイントであるフォルダーは空の状態で転送され、--delete でも転送先のその中身には手を付けません (-x, --one-file-system)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Skip links out of the tree</source>
        <translation>ツリー外を指すリンクをスキップ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip symlinks that point out of the source: absolute ones, and ones that climb above it (--safe-links)</source>
        <translation>転送元の外を指すシンボリックリンク (絶対パスのもの、および転送元より上の階層を指すもの) をスキップします (--safe-links)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy what links point to (-L)</source>
        <translation>リンク先の実体をコピー (-L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Symlinks arrive as what they point to: a file as a file, a folder with its contents (filtered as the folder it is). A link to nothing is an error, and a link back into a folder being copied is skipped with a warning. A daemon follows only links whose target stays inside its module (-L, --copy-links)</source>
        <translation>シンボリックリンクをリンク先の実体として転送します。ファイルはファイルとして、フォルダーは中身ごと (そのフォルダーとしてフィルターを適用して) 転送します。リンク先が存在しないリンクはエラーになり、コピー中のフォルダーに戻るリンクは警告を出してスキップします。デーモンは、リンク先がモジュール内にあるリンクのみをたどります (-L, --copy-links)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A folder that holds a file of one of these names comes without its contents, and --delete leaves what the destination has in it alone. Names, not paths; several separated by commas (--exclude-if-present)</source>
        <translation>これらの名前のファイルを含むフォルダーは中身なしで転送され、--delete でも転送先のその中身には手を付けません。パスではなく名前を指定します。複数の場合はカンマで区切ります (--exclude-if-present)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Skip the contents of folders holding</source>
        <translation>次のファイルを含むフォルダーの中身をスキップ</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Metadata</source>
        <translation>メタデータ</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Permissions (-p)</source>
        <translation>パーミッション (-p)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy and compare permissions. Off: files the destination has keep theirs, new ones get the source&apos;s less the receiving end&apos;s umask (--no-perms)</source>
        <translation>パーミッションをコピーして比較します。オフ: 転送先の既存ファイルは元のパーミッションを保持し、新しいファイルには転送元のパーミッションから受信側の umask を除いたものが設定されます (--no-perms)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Modification times (-t)</source>
        <translation>更新日時 (-t)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Set modification times as the source has them. Off: they are not set, so every file looks changed the next time, as in rsync (--no-times)</source>
        <translation>更新日時を転送元と同じに設定します。オフ: 設定されないため、rsync と同様に次回はすべてのファイルが変更されたように見えます (--no-times)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Hard links (-H)</source>
        <translation>ハードリンク (-H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files that are hard links of each other in the source arrive linked, not as copies (-H, --hard-links)</source>
        <translation>転送元で互いにハードリンクされているファイルは、コピーではなくリンクされた状態で転送されます (-H, --hard-links)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Leave out (default)</source>
        <translation>スキップ (既定)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Store as look-alikes</source>
        <translation>似た文字で保存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Try as they are</source>
        <translation>そのまま試す</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Names a Windows drive or share cannot hold (a:b, CON, a final dot) and names only case tells apart (--name-mapping). Look-alikes: a:b is stored as a：b, CON as ＣON, the second of Photo.jpg and photo.jpg as photo‛2.jpg; a sync back with the same choice restores the names exactly.</source>
        <translation>Windows のドライブや共有に保存できない名前 (a:b、CON、末尾のドット) と、大文字小文字だけが異なる名前の扱いです (--name-mapping)。似た文字で保存: a:b は a：b、CON は ＣON、Photo.jpg と photo.jpg の 2 つ目は photo‛2.jpg として保存されます。同じ設定で逆方向に同期すると、元の名前が正確に復元されます。</translation>
    </message>
    <message>
        <location line="+109"/>
        <source>Keep what an interrupted run received of a big file in this folder, as DIR/NAME inside each file&apos;s own folder, for the next run to resume from (--partial-dir, like rsync&apos;s .rsync-partial). Made when needed, removed once empty; never sent, and “Delete extraneous files” leaves it (“Also delete excluded files” removes it, as in rsync). A folder name, without .. or wildcards; not with “Write files in place”. Empty: beside each file as .NAME.fg-partial</source>
        <translation>中断した実行で受信済みの大きなファイルの一部を、次回の実行で再開できるよう、各ファイルと同じフォルダー内の DIR/NAME としてこのフォルダーに保持します (--partial-dir、rsync の .rsync-partial と同様)。必要に応じて作成され、空になると削除されます。送信されることはなく、「余分なファイルを削除」でも残りますが、rsync と同様に「除外したファイルも削除」では削除されます。.. やワイルドカードを含まないフォルダー名を指定します。「ファイルをインプレースで書き込む」とは併用できません。空欄: 各ファイルと同じ場所に .NAME.fg-partial として保持</translation>
    </message>
    <message>
        <location line="+353"/>
        <source>Where only Windows&apos; names fit, a:b arrives as a：b (a full-width colon); syncing it back with this choice restores a:b. Everywhere else names go as they are.</source>
        <translation>Windows の名前しか使えない転送先では、a:b は a：b (全角コロン) として保存されます。この設定で逆方向に同期すると a:b に戻ります。それ以外の転送先では、名前はそのまま転送されます。</translation>
    </message>
    <message>
        <location line="+261"/>
        <source>More connections fill long, fast links; 2–4 suit most.</source>
        <translation>接続数を増やすと、遅延の大きい高速な回線を使い切れます。ほとんどの場合は 2～4 が適しています。</translation>
    </message>
    <message>
        <location line="-719"/>
        <source>Names the destination cannot hold</source>
        <translation>転送先で使えない名前</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>D755,F644 or go-w</source>
        <translation>D755,F644 または go-w</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change the permissions on the way, as chmod would (--chmod): 644, u+rw, go-w, a=rX; D for folders only, F for files only; several separated by commas, applied in order</source>
        <translation>転送時に chmod と同じ要領でパーミッションを変更します (--chmod): 644、u+rw、go-w、a=rX。D はフォルダーのみ、F はファイルのみに適用します。複数の場合はカンマで区切り、順に適用されます</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+431"/>
        <location line="+568"/>
        <source>Change permissions</source>
        <translation>パーミッションを変更</translation>
    </message>
    <message>
        <location line="-988"/>
        <source>Owners (-o)</source>
        <translation>所有者 (-o)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Give each file the source&apos;s owner, matched by name (-o, --owner)</source>
        <translation>各ファイルに転送元の所有者を名前で照合して設定します (-o, --owner)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Groups (-g)</source>
        <translation>グループ (-g)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Give each file the source&apos;s group, matched by name (-g, --group)</source>
        <translation>各ファイルに転送元のグループを名前で照合して設定します (-g, --group)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>By number, not name</source>
        <translation>名前ではなく番号で</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keep owners and groups by their numbers rather than matching names on the receiving end (--numeric-ids)</source>
        <translation>受信側で名前を照合せず、番号 (ID) で所有者とグループを保持します (--numeric-ids)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>user:group, user or :group</source>
        <translation>user:group、user、または :group</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give everything this owner and group, whatever the source has; either may be left out (--chown USER:GROUP)</source>
        <translation>転送元に関係なく、すべてにこの所有者とグループを設定します。どちらかは省略できます (--chown USER:GROUP)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Give everything to</source>
        <translation>所有者/グループを一括指定</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Backups &amp;&amp; snapshots</source>
        <translation>バックアップとスナップショット</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Keep replaced and deleted files (-b)</source>
        <translation>置き換え・削除したファイルを保持 (-b)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep what the job replaces or deletes: beside it as NAME~, or in a backup folder (-b, --backup)</source>
        <translation>ジョブが置き換えたり削除したりするものを、同じ場所に NAME~ として、またはバックアップフォルダーに保持します (-b, --backup)</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+30"/>
        <source>beside each file</source>
        <translation>各ファイルと同じ場所</translation>
    </message>
    <message>
        <location line="-29"/>
        <source>Keep backups in this folder, under their own paths (--backup-dir). Relative: below the destination, and --delete leaves it alone. Empty: beside each file</source>
        <translation>バックアップを元のパス構成のままこのフォルダーに保持します (--backup-dir)。相対パス: 転送先の下に作成され、--delete の対象になりません。空欄: 各ファイルと同じ場所</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Added to each backup&apos;s name (--suffix). Empty: ~ beside each file, nothing in a backup folder</source>
        <translation>各バックアップの名前に付加します (--suffix)。空欄: 各ファイルと同じ場所に置く場合は ~、バックアップフォルダーでは何も付けません</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Folder</source>
        <translation>フォルダー</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Suffix</source>
        <translation>サフィックス</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Write files in place (--inplace)</source>
        <translation>ファイルをインプレースで書き込む (--inplace)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write a changed file over its old copy instead of into a temporary file renamed into place: it keeps its inode, so hard links to it and file-system snapshots keep sharing it, and a big file needs no room for a second copy. Until it is complete the file is neither its old nor its new version; a failure leaves it so, and a re-run completes it. Sent whole for now; not with -b (--inplace)</source>
        <translation>変更されたファイルを、一時ファイルに書き込んでから名前を変更するのではなく、古いコピーの上に直接書き込みます。inode が維持されるため、そのファイルへのハードリンクやファイルシステムのスナップショットは引き続き同じファイルを共有し、大きなファイルでも 2 つ目のコピー分の空き容量が不要です。書き込みが完了するまでファイルは古いバージョンでも新しいバージョンでもない状態になり、失敗するとその状態のまま残りますが、再実行すると完了します。現在はファイル全体で送信されます。-b とは併用できません (--inplace)</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Earlier snapshots, one folder per line, up to %1 (--link-dest; relative: to the destination). A file one of them has unchanged is hard-linked from it instead of sent: dated backups that share unchanged files</source>
        <translation>以前のスナップショット。1 行に 1 フォルダー、最大 %1 個 (--link-dest。相対パスは転送先からの相対)。いずれかに変更なしで存在するファイルは、送信せずにそこからハードリンクします。未変更ファイルを共有する日付別バックアップに使えます</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Link unchanged files from</source>
        <translation>未変更ファイルのリンク元</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Advanced</source>
        <translation>詳細設定</translation>
    </message>
    <message>
        <location line="+13"/>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+8"/>
        <source>Default</source>
        <translation>既定</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Stop the job (exit 30) once nothing has come from the far end, a daemon or an SSH host, and no file has moved for this many seconds: it was stopped, hangs, or the link went down without a reset. The far end reports four times a second while it works, so a busy one is never taken for a dead one. Default: after 5 min of total silence from it (--timeout)</source>
        <translation>相手側 (デーモンまたは SSH ホスト) から何も届かず、どのファイルも進まない状態がこの秒数続いたら、ジョブを停止します (終了コード 30)。相手側が停止した、応答しなくなった、またはリセットなしで回線が切断された場合です。相手側は動作中に 1 秒に 4 回報告するため、処理中の相手を停止したと誤認することはありません。既定: 相手側から 5 min まったく応答がなければ停止 (--timeout)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Give up connecting to a daemon (exit 35) after this many seconds, TCP and TLS handshake together. Default: 10 s to connect and 15 s for the handshake. SSH jobs connect through ssh, whose own ConnectTimeout goes in the SSH command (--contimeout)</source>
        <translation>デーモンへの接続を、TCP 接続と TLS ハンドシェイクを合わせてこの秒数で打ち切ります (終了コード 35)。既定: 接続に 10 s、ハンドシェイクに 15 s。SSH ジョブは ssh 経由で接続するため、ssh 自身の ConnectTimeout は SSH コマンドで指定します (--contimeout)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Off</source>
        <translation>オフ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>When the connections to a daemon drop mid-job (the link went down, the daemon restarted), reconnect for up to this many seconds, waiting longer between tries, and go on with the job from what the destination already has: files already there are not sent again, a half-sent file resumes. Off: the job fails at once (--retry-for; default %1 s)</source>
        <translation>ジョブの途中でデーモンとの接続が切れた場合 (回線の切断、デーモンの再起動など)、試行間隔を延ばしながらこの秒数まで再接続を試み、転送先に既にある状態からジョブを続行します。既に転送先にあるファイルは再送されず、送信途中のファイルは続きから再開されます。オフ: ジョブは直ちに失敗します (--retry-for、既定は %1 s)</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Idle timeout</source>
        <translation>アイドルタイムアウト</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Connect timeout</source>
        <translation>接続タイムアウト</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reconnect for</source>
        <translation>再接続を試みる時間</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The command that reaches an SSH host (-e), for example “ssh -p 2222”</source>
        <translation>SSH ホストに接続するコマンド (-e)。例:「ssh -p 2222」</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Where floodgate lives on the SSH host, if not on its PATH</source>
        <translation>SSH ホスト上の floodgate の場所 (PATH 上にない場合)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>default</source>
        <translation>既定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keys and pinned server identities</source>
        <translation>鍵とピン留めしたサーバーの識別情報</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+59"/>
        <source>Browse…</source>
        <translation>参照…</translation>
    </message>
    <message>
        <location line="-55"/>
        <location line="+8"/>
        <source>State directory</source>
        <translation>状態ディレクトリ</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>SSH command</source>
        <translation>SSH コマンド</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remote floodgate</source>
        <translation>リモートの floodgate</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Pick a local folder</source>
        <translation>ローカルフォルダーを選択</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Source folder</source>
        <translation>転送元フォルダー</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Destination folder</source>
        <translation>転送先フォルダー</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Nothing is deleted: what would go is listed.</source>
        <translation>何も削除されません。削除対象は一覧表示されます。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>files newer on the destination kept</source>
        <translation>転送先の新しいファイルは保持</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>only new files</source>
        <translation>新しいファイルのみ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>only files the destination has</source>
        <translation>転送先にあるファイルのみ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>compared by size only</source>
        <translation>サイズのみで比較</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sent even when size and time match</source>
        <translation>サイズと更新日時が一致しても送信</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>only shorter files appended to</source>
        <translation>短いファイルにのみ追記</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+610"/>
        <source>Larger than</source>
        <translation>上限サイズ</translation>
    </message>
    <message>
        <location line="-608"/>
        <location line="+610"/>
        <source>Smaller than</source>
        <translation>下限サイズ</translation>
    </message>
    <message>
        <location line="-608"/>
        <source>No file is smaller than %1 and larger than %2 at once: nothing would be sent.</source>
        <translation>%1 より小さく、かつ %2 より大きいファイルは存在しないため、何も送信されません。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 to %2</source>
        <translation>%1～%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>up to %1</source>
        <translation>%1 まで</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 or more</source>
        <translation>%1 以上</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>one file system</source>
        <translation>1 つのファイルシステム内のみ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>links out of the tree skipped</source>
        <translation>ツリー外へのリンクはスキップ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>links copied as what they point to</source>
        <translation>リンクはリンク先の実体をコピー</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>contents of folders holding %1 skipped</source>
        <translation>%1 を含むフォルダーの中身はスキップ</translation>
    </message>
    <message>
        <location line="+0"/>
        <source> or </source>
        <translation> または </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>With both, no file is sent: only deletions happen, if they are on.</source>
        <translation>両方を指定すると、ファイルは送信されません。削除が有効な場合は削除のみ行われます。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Every changed file is sent.</source>
        <translation>変更されたファイルはすべて送信されます。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>permissions and times kept</source>
        <translation>パーミッションと更新日時を保持</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>permissions kept, times not</source>
        <translation>パーミッションは保持、更新日時は保持しない</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>times kept, permissions not</source>
        <translation>更新日時は保持、パーミッションは保持しない</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>neither permissions nor times kept</source>
        <translation>パーミッションも更新日時も保持しない</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Every file then looks changed the next time: pair it with Compare by checksum or size only.</source>
        <translation>この場合、次回はすべてのファイルが変更されたように見えます。「チェックサムで比較」または「サイズのみで比較」と組み合わせてください。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Applied to the source&apos;s permissions on the way.</source>
        <translation>転送時に転送元のパーミッションに適用されます。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>chmod %1</source>
        <translation>chmod %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>hard links kept</source>
        <translation>ハードリンクを保持</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>awkward names as look-alikes</source>
        <translation>使えない名前は似た文字で保存</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>awkward names tried as they are</source>
        <translation>使えない名前もそのまま試行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The destination decides: some drivers refuse such a name, some store one that Windows cannot open.</source>
        <translation>結果は転送先次第です。このような名前を拒否するドライバーもあれば、Windows で開けない名前のまま保存するドライバーもあります。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>owners and groups kept</source>
        <translation>所有者とグループを保持</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>owners kept</source>
        <translation>所有者を保持</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>groups kept</source>
        <translation>グループを保持</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> by number</source>
        <translation> (番号で)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>everything to %1:%2</source>
        <translation>すべて %1:%2 に変更</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>everything to user %1</source>
        <translation>すべてユーザー %1 に変更</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>everything to group %1</source>
        <translation>すべてグループ %1 に変更</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Owners and groups are kept only where the receiving end runs as root (on a daemon, in a module served with --keep-owners); elsewhere the job says so.</source>
        <translation>所有者とグループは、受信側が root で動作している場合 (デーモンでは --keep-owners 付きで提供されるモジュール) にのみ保持されます。それ以外の場合は、ジョブがその旨を報告します。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Backups beside each file, as NAME%1</source>
        <translation>バックアップは各ファイルと同じ場所に NAME%1 として保存</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 below the destination</source>
        <translation>転送先の下の %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Backups in %1, under their own names</source>
        <translation>バックアップは %1 に元の名前で保存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Backups in %1, as NAME%2</source>
        <translation>バックアップは %1 に NAME%2 として保存</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>backups as NAME%1</source>
        <translation>バックアップを NAME%1 として保存</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>backups in %1</source>
        <translation>バックアップを %1 に保存</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>At most %1 folders to link from; this lists %2.</source>
        <translation>リンク元フォルダーは最大 %1 個ですが、%2 個指定されています。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>One folder per line; relative: to the destination. Unchanged files are linked from there, not sent.</source>
        <translation>1 行に 1 フォルダー。相対パスは転送先からの相対です。未変更のファイルは送信されず、そこからリンクされます。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unchanged files linked from %1</source>
        <translation>未変更ファイルを %1 からリンク</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unchanged files linked from %1 snapshots</source>
        <translation>未変更ファイルを %1 個のスナップショットからリンク</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>What an interrupted run received of a big file, for the next run to resume from: beside it as .NAME.fg-partial, or in the folder named here.</source>
        <translation>中断した実行で受信済みの大きなファイルの一部を、次回の実行で再開できるよう保持します。同じ場所に .NAME.fg-partial として、またはここで指定したフォルダーに保持します。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Kept as %1/NAME in each file&apos;s own folder, made when needed and removed once empty.</source>
        <translation>各ファイルと同じフォルダー内に %1/NAME として保持します。必要に応じて作成され、空になると削除されます。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>partial files in %1</source>
        <translation>部分ファイルを %1 に保持</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Each changed file is written over its old copy: until it is complete it is neither version, and a failure leaves it incomplete (a re-run completes it).</source>
        <translation>変更された各ファイルは古いコピーに直接上書きされます。完了するまではどちらのバージョンでもなく、失敗すると不完全なまま残ります (再実行すると完了します)。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>changed files written in place</source>
        <translation>変更ファイルをインプレースで書き込み</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No backups.</source>
        <translation>バックアップなし。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>For floodgate:// and SSH jobs: a local copy has no far end to wait on.</source>
        <translation>floodgate:// と SSH のジョブ用です。ローカルコピーには待つべき相手側がありません。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Default: gives up after 5 min without a word from the far end, which reports four times a second while it works.</source>
        <translation>既定: 相手側から 5 min 応答がなければ打ち切ります。相手側は動作中に 1 秒に 4 回報告します。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stops (exit 30) after %1 without a word from the far end; what arrived is kept.</source>
        <translation>相手側から %1 応答がなければ停止します (終了コード 30)。届いた分は保持されます。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>stops when the far end is quiet for %1</source>
        <translation>相手側の応答が %1 なければ停止</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>For floodgate:// jobs; for SSH, give ssh -o ConnectTimeout=SEC as the SSH command.</source>
        <translation>floodgate:// ジョブ用です。SSH の場合は、SSH コマンドに ssh -o ConnectTimeout=SEC を指定してください。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Default: 10 s to connect, 15 s for the handshake.</source>
        <translation>既定: 接続に 10 s、ハンドシェイクに 15 s。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Gives up (exit 35) when the daemon has not answered in %1.</source>
        <translation>デーモンが %1 以内に応答しなければ打ち切ります (終了コード 35)。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>connect timeout %1</source>
        <translation>接続タイムアウト %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>For floodgate:// jobs: a local copy has no connection to lose.</source>
        <translation>floodgate:// ジョブ用です。ローカルコピーには切断される接続がありません。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>For floodgate:// jobs: an SSH job would ask for its password again.</source>
        <translation>floodgate:// ジョブ用です。SSH ジョブではパスワードを再度求められてしまいます。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Off: a job whose connections drop fails at once; run it again to finish.</source>
        <translation>オフ: 接続が切れたジョブは直ちに失敗します。完了するには再実行してください。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>When the connections drop mid-job, reconnects for up to %1 and goes on from what arrived.</source>
        <translation>ジョブの途中で接続が切れた場合、最大 %1 再接続を試み、届いた分から続行します。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no reconnecting</source>
        <translation>再接続なし</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>reconnects for %1</source>
        <translation>%1 再接続を試行</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>SSH command %1</source>
        <translation>SSH コマンド %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>remote floodgate %1</source>
        <translation>リモートの floodgate %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>state in %1</source>
        <translation>状態を %1 に保存</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Leaves room on a shared link: 10M, 1.5G, or a timetable such as Mon-Fri 08:00-18:00 20M, 100M</source>
        <translation>共有回線に余裕を残します: 10M、1.5G、または Mon-Fri 08:00-18:00 20M, 100M のようなタイムテーブル</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Timetable: 1 rule</source>
        <translation>タイムテーブル: 1 ルール</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Timetable: %1 rules</source>
        <translation>タイムテーブル: %1 ルール</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>now unlimited</source>
        <translation>現在は無制限</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>now at most %1</source>
        <translation>現在は最大 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Unlimited</source>
        <translation>無制限</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>At most %1</source>
        <translation>最大 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Auto starts with 2 and adds more while the rate rises.</source>
        <translation>自動では 2 から始め、速度が上がる間は接続を増やします。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Big files are split so all streams share them</source>
        <translation>大きなファイルを分割し、すべてのストリームで分担します</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Chunks of %1: %2.</source>
        <translation>チャンクサイズ %1: %2。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>; auto picks a size per file.</source>
        <translation>。自動ではファイルごとにサイズを選びます。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>One flush at the end: done means on disk, at little cost.</source>
        <translation>最後に 1 回だけ書き出します。わずかなコストで、完了時にはディスク上にあることが保証されます。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Each file is on disk before it appears; slow with many small files.</source>
        <translation>各ファイルは最終的な名前で現れる前にディスクに書き出されます。小さなファイルが多いと低速です。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fastest; a power cut soon after the job can lose what it wrote.</source>
        <translation>最速です。ジョブ直後に停電すると、書き込んだ内容が失われることがあります。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Differences for big files with an old copy; whole for small files, local copies and links faster than the old copy reads.</source>
        <translation>古いコピーがある大きなファイルは差分で送ります。小さなファイル、ローカルコピー、古いコピーの読み取りより速い回線ではファイル全体で送ります。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saves the most on slow links; reads every old copy at the destination.</source>
        <translation>低速な回線で最も効果があります。転送先の古いコピーをすべて読み取ります。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No reading of old copies: best when the link outruns the destination&apos;s disk.</source>
        <translation>古いコピーを読み取りません。回線が転送先のディスクより速い場合に最適です。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Catches any accidental corruption at memory speed.</source>
        <translation>偶発的な破損をメモリ並みの速度で検出します。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>As rsync&apos;s xxh3: as fast, half the bytes, a little more chance of a missed accident.</source>
        <translation>rsync の xxh3 と同じです。同等の速度でサイズは半分ですが、偶発的な破損を見逃す可能性がわずかに高くなります。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cryptographic: when someone could craft files that collide. Slower on fast links.</source>
        <translation>暗号学的ハッシュです。衝突するファイルを意図的に作られるおそれがある場合に使います。高速な回線では遅くなります。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>This computer&apos;s kernel does not offer %1; pick one from the list</source>
        <translation>このコンピューターのカーネルは %1 に対応していません。一覧から選択してください</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>BBR keeps long or lossy links full; CUBIC is the Linux default.</source>
        <translation>BBR は遅延の大きい回線やパケットロスの多い回線でも帯域を使い切ります。CUBIC は Linux の既定です。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This kernel has no bbr: default is its own.</source>
        <translation>このカーネルには bbr がないため、カーネル自身の既定を使います。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>BBR keeps long or lossy links full; where it overfills a shallow queue, streams change to CUBIC.</source>
        <translation>BBR は遅延の大きい回線やパケットロスの多い回線でも帯域を使い切ります。浅いキューをあふれさせる場合、ストリームは CUBIC に切り替わります。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>AES-GCM when both ends have AES instructions (this computer has them), else ChaCha20.</source>
        <translation>両端に AES 命令があれば AES-GCM (このコンピューターにはあります)、なければ ChaCha20 を使います。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ChaCha20 here: this computer has no AES instructions, so AES-GCM would be slower.</source>
        <translation>ここでは ChaCha20 になります。このコンピューターには AES 命令がないため、AES-GCM では遅くなります。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Fastest when both CPUs have AES instructions (AES-NI, ARMv8).</source>
        <translation>両方の CPU に AES 命令 (AES-NI、ARMv8) がある場合に最速です。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>For policies that ask for 256-bit keys; a little slower than AES-128.</source>
        <translation>256 ビット鍵を求めるポリシー向けです。AES-128 より少し遅くなります。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fastest on CPUs without AES instructions, such as older ARM NAS boxes.</source>
        <translation>古い ARM 搭載 NAS など、AES 命令のない CPU で最速です。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Unencrypted: anyone on the network can read and alter the files. Only on a trusted LAN where the CPU limits the rate.</source>
        <translation>暗号化なし: ネットワーク上の誰でもファイルを読み取り、改ざんできます。CPU が速度のボトルネックになっている、信頼できる LAN でのみ使用してください。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>This computer&apos;s ssh does not offer %1; pick one from the list</source>
        <translation>このコンピューターの ssh は %1 に対応していません。一覧から選択してください</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>aes128-gcm@openssh.com is fastest with AES instructions, chacha20-poly1305@openssh.com without.</source>
        <translation>AES 命令がある場合は aes128-gcm@openssh.com、ない場合は chacha20-poly1305@openssh.com が最速です。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Best on a fast LAN, and for data that is compressed already (media, archives).</source>
        <translation>高速な LAN や、既に圧縮されたデータ (メディア、アーカイブ) に最適です。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Compresses what shrinks, skips media and archives, and backs off when the CPU, not the link, is the limit.</source>
        <translation>縮むデータは圧縮し、メディアとアーカイブはスキップします。回線ではなく CPU がボトルネックになると圧縮を控えます。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Light on the CPU: a modest saving for fast links with compressible data.</source>
        <translation>CPU 負荷が軽く、圧縮しやすいデータを高速な回線で送る場合にそこそこ削減できます。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Good savings on text, logs and databases at little CPU cost.</source>
        <translation>少ない CPU コストで、テキスト、ログ、データベースを大きく削減できます。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>For slow links with compressible data (text, logs, databases).</source>
        <translation>圧縮しやすいデータ (テキスト、ログ、データベース) を低速な回線で送る場合向けです。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Several times the CPU for a few percent more: only for very slow links.</source>
        <translation>数パーセントの削減のために数倍の CPU を使います。非常に低速な回線向けです。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Zstandard (level %1)</source>
        <translation>Zstandard (レベル %1)</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>SSH job: one stream through ssh (its cipher is the SSH cipher below). These settings apply to floodgate:// targets.</source>
        <translation>SSH ジョブ: ssh 経由の 1 ストリームです (暗号方式は下の SSH 暗号方式)。これらの設定は floodgate:// の転送先に適用されます。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Local job: one stream, no network. These settings apply to floodgate:// targets.</source>
        <translation>ローカルジョブ: 1 ストリームで、ネットワークは使いません。これらの設定は floodgate:// の転送先に適用されます。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Streams, chunk size, congestion control and cipher apply to floodgate:// targets.</source>
        <translation>ストリーム、チャンクサイズ、輻輳制御、暗号方式は floodgate:// の転送先に適用されます。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 (not offered here)</source>
        <translation>%1 (このコンピューターでは利用不可)</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Choose a source</source>
        <translation>転送元を選択してください</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a destination</source>
        <translation>転送先を選択してください</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Source: </source>
        <translation>転送元: </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Destination: </source>
        <translation>転送先: </translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Size limits: no file is smaller than %1 and larger than %2 at once</source>
        <translation>サイズ制限: %1 より小さく、かつ %2 より大きいファイルは存在しません</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>Congestion control: this computer&apos;s kernel does not offer %1</source>
        <translation>輻輳制御: このコンピューターのカーネルは %1 に対応していません</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>SSH cipher: this computer&apos;s ssh does not offer %1</source>
        <translation>SSH 暗号方式: このコンピューターの ssh は %1 に対応していません</translation>
    </message>
</context>
<context>
    <name>fgui::JobTray</name>
    <message>
        <location filename="../widgets/job_tray.cpp" line="+43"/>
        <location line="+37"/>
        <source>No job is running</source>
        <translation>実行中のジョブはありません</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>Show Floodgate</source>
        <translation>Floodgate を表示</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+39"/>
        <source>Pause the job</source>
        <translation>ジョブを一時停止</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>Cancel the job</source>
        <translation>ジョブをキャンセル</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Quit</source>
        <translation>終了</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+18"/>
        <source>Floodgate</source>
        <translation>Floodgate</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Floodgate — %1</source>
        <translation>Floodgate — %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Resume the job</source>
        <translation>ジョブを再開</translation>
    </message>
</context>
<context>
    <name>fgui::LabComparisonView</name>
    <message>
        <location filename="../lab/lab_comparison_view.cpp" line="+14"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location line="+39"/>
        <location line="+8"/>
        <source>Setting</source>
        <translation>設定</translation>
    </message>
    <message>
        <location line="-8"/>
        <location line="+8"/>
        <source>This experiment</source>
        <translation>この実験</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>The other</source>
        <translation>比較対象</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+8"/>
        <source>Change</source>
        <translation>変化</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Compare with… opens an earlier experiment and shows, for each setting both ran, the two median times.</source>
        <translation>「他の実験と比較…」で以前の実験を開くと、両方で実行された各設定について、2 つの所要時間の中央値を表示します。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Faster in this experiment</source>
        <translation>この実験の方が速い</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Slower in this experiment</source>
        <translation>この実験の方が遅い</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Compared with %1 (%2, %3).</source>
        <translation>%1 (%2、%3) と比較しました。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The two experiments have no setting in common that ran in both.</source>
        <translation>2 つの実験には、両方で実行された共通の設定がありません。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 setting ran in both.</source>
        <translation>両方で実行された設定: 1 件。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 settings ran in both.</source>
        <translation>両方で実行された設定: %1 件。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only in this one: %1.</source>
        <translation>この実験のみ: %1。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only in the other: %1.</source>
        <translation>比較対象のみ: %1。</translation>
    </message>
</context>
<context>
    <name>fgui::LabCurveChart</name>
    <message>
        <location filename="../charts/lab_curve_chart.cpp" line="+42"/>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>%1, run %2: %3 MB/s at %4 s</source>
        <translation>%1、実行 %2: %4 s 時点で %3 MB/s</translation>
    </message>
</context>
<context>
    <name>fgui::LabHeatMap</name>
    <message>
        <location filename="../charts/lab_heat_map.cpp" line="+89"/>
        <source>not run</source>
        <translation>未実行</translation>
    </message>
    <message>
        <location line="+22"/>
        <location line="+198"/>
        <source>best</source>
        <translation>最良</translation>
    </message>
    <message>
        <location line="-197"/>
        <location line="+206"/>
        <source>no measurable difference</source>
        <translation>有意な差なし</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>Median rate</source>
        <translation>速度の中央値</translation>
    </message>
</context>
<context>
    <name>fgui::LabResultsModel</name>
    <message>
        <location filename="../lab/lab_results_model.cpp" line="+18"/>
        <location line="+45"/>
        <location line="+4"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>★ best</source>
        <translation>★ 最良</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>fastest</source>
        <translation>最速</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>~ same</source>
        <translation>~ 同等</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1–%2 s</source>
        <translation>%1–%2 s</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>skipped: %1</source>
        <translation>スキップ: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no run finished</source>
        <translation>完了した実行なし</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 of %2 runs finished</source>
        <translation>%2 回中 %1 回完了</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>The fastest median, but its runs overlap the runner-up&apos;s: no measurable difference</source>
        <translation>中央値は最速ですが、実行結果の範囲が 2 位の設定と重なっています: 有意な差なし</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Its runs overlap the best&apos;s: no measurable difference</source>
        <translation>実行結果の範囲が最良の設定と重なっています: 有意な差なし</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>The median time of the setting&apos;s runs</source>
        <translation>この設定の実行の所要時間の中央値</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The fastest and the slowest run</source>
        <translation>最速と最遅の実行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File bytes a second, at the median</source>
        <translation>中央値での 1 秒あたりのファイルのバイト数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What the probe&apos;s measurements predict for this setting</source>
        <translation>プローブの測定結果から予測される、この設定の値</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bytes on the network, at the median (after compression)</source>
        <translation>中央値でのネットワーク上のバイト数 (圧縮後)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU time of this computer&apos;s process</source>
        <translation>このコンピューターのプロセスの CPU 時間</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU time of the far end (a daemon&apos;s: all its jobs)</source>
        <translation>相手側の CPU 時間 (デーモンの場合はそのすべてのジョブの合計)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What limited most of the runs</source>
        <translation>大半の実行でボトルネックになったもの</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Setting</source>
        <translation>設定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs</source>
        <translation>実行回数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Median</source>
        <translation>中央値</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fastest–slowest</source>
        <translation>最速–最遅</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rate</source>
        <translation>速度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Predicted</source>
        <translation>予測</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wire</source>
        <translation>通信量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU here</source>
        <translation>CPU (こちら)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU there</source>
        <translation>CPU (相手側)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bottleneck</source>
        <translation>ボトルネック</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Note</source>
        <translation>備考</translation>
    </message>
</context>
<context>
    <name>fgui::LabSetupPanel</name>
    <message>
        <location filename="../lab/lab_setup_panel.cpp" line="+80"/>
        <source>about %1 s</source>
        <translation>約 %1 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>about %1 min</source>
        <translation>約 %1 min</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>about %1 h %2 min</source>
        <translation>約 %1 h %2 min</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>Target</source>
        <translation>対象</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Vary</source>
        <translation>変化させる因子</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check the factors to try and list their levels; every combination is a setting.</source>
        <translation>試す因子にチェックを入れ、その水準を列挙します。すべての組み合わせがそれぞれ 1 つの設定になります。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Levels separated by commas (%1)</source>
        <translation>カンマ区切りの水準 (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>levels, separated by commas</source>
        <translation>水準 (カンマ区切り)</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Workload</source>
        <translation>ワークロード</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mixed: 1 KB to 64 MB, half compressible</source>
        <translation>混在: 1 KB～64 MB、半分は圧縮可能</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Small files: 4 KB each</source>
        <translation>小さなファイル: 各 4 KB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One big file</source>
        <translation>大きなファイル 1 つ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A sample of my files</source>
        <translation>自分のファイルのサンプル</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>What each trial transfers. A sample keeps your files&apos; sizes and contents, so compression and per-file costs are what your own data sees.</source>
        <translation>各試行で転送するデータです。サンプルはファイルのサイズと内容をそのまま使うため、圧縮やファイルごとのコストが実際のデータと同じになります。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>At most this much a trial: 64M, 1G (empty: %1). Bigger is steadier, smaller is quicker.</source>
        <translation>1 試行あたりの上限: 64M、1G など (空欄: %1)。大きいほど安定し、小さいほど短時間で済みます。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Size</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the folder to sample</source>
        <translation>サンプルを取るフォルダー</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Browse…</source>
        <translation>参照…</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Folder to sample</source>
        <translation>サンプル元フォルダー</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Runs and time</source>
        <translation>実行回数と時間</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Runs of each setting, in a random interleaved order. Fewer than 3 cannot tell a difference from noise.</source>
        <translation>各設定の実行回数です。ランダムに入り混ぜた順序で実行します。3 回未満では差とノイズを区別できません。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Runs of each setting</source>
        <translation>設定ごとの実行回数</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The lab refuses an experiment estimated to take longer, before any trial runs.</source>
        <translation>推定所要時間がこれを超える実験は、試行を始める前に拒否されます。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Budget</source>
        <translation>制限時間</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>from the clock</source>
        <translation>現在時刻から</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The order the trials run in. The report gives the seed it used: the same seed repeats an experiment&apos;s order.</source>
        <translation>試行の実行順序を決めます。レポートには使用したシードが記録され、同じシードを使うと実験の順序を再現できます。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Seed</source>
        <translation>シード</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Start</source>
        <translation>開始</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>(none)</source>
        <translation>(なし)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The job has no destination. Set one (floodgate://HOST/MODULE or host:path) and open the lab again.</source>
        <translation>ジョブに転送先がありません。転送先 (floodgate://HOST/MODULE または host:path) を設定して、ラボを開き直してください。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A local folder cannot be a lab target: the lab measures transfers to a daemon (floodgate://HOST/MODULE) or over ssh (host:path). Make one the job&apos;s destination and open the lab again.</source>
        <translation>ローカルフォルダーはラボの対象にできません。ラボが測定するのは、デーモン (floodgate://HOST/MODULE) への転送か、ssh 経由 (host:path) の転送です。どちらかをジョブの転送先にして、ラボを開き直してください。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Each trial writes into a scratch folder .fg-lab-… in it, removed after the trial; nothing else there is touched.</source>
        <translation>各試行はその中の作業用フォルダー .fg-lab-… に書き込み、試行後に削除します。それ以外のものには一切手を付けません。</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>An ssh target has one connection, ssh&apos;s own pipe, which this setting does not change: it varies only to a daemon (floodgate://).</source>
        <translation>ssh の転送先の接続は ssh 自身のパイプ 1 つだけで、この設定では変わりません。この設定を変化させられるのはデーモン (floodgate://) への転送だけです。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Choose the folder to take the sample from.</source>
        <translation>サンプルを取るフォルダーを選択してください。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is not a folder here.</source>
        <translation>%1 はこのコンピューター上のフォルダーではありません。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>A random sample of its files, their sizes and contents as they are, at most %1.</source>
        <translation>フォルダー内のファイルをランダムにサンプリングし、サイズと内容はそのまま使います。最大 %1。</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>1 setting</source>
        <translation>1 設定</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 settings</source>
        <translation>%1 設定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 run</source>
        <translation>1 回</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 runs</source>
        <translation>%1 回</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 trial</source>
        <translation>1 試行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 trials</source>
        <translation>%1 試行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 × %2 = %3</source>
        <translation>%1 × %2 = %3</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>at most %1</source>
        <translation>最大 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Takes %1: %2 transfers of %3 (with a warm-up) at %4, the rate the last probe of this target measured.</source>
        <translation>所要時間 %1: %3 の転送を %2 回 (ウォームアップを含む)、この対象の前回のプローブで測定した速度 %4 で行う場合。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>About %1 trials of %2 and a warm-up; the probe at the start measures the link, and the lab stops there if they would take longer than the budget.</source>
        <translation>%2 の試行を約 %1 回とウォームアップ。最初のプローブで回線を測定し、制限時間を超えそうな場合はその時点でラボを停止します。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Check at least one factor to vary.</source>
        <translation>変化させる因子を 1 つ以上チェックしてください。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Workload: %1</source>
        <translation>ワークロード: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The seed is a whole number below 18446744073709551616.</source>
        <translation>シードは 18446744073709551616 未満の整数で指定してください。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>That is over the budget of %1 min: raise the budget, or try fewer levels, fewer runs or a smaller workload.</source>
        <translation>制限時間 %1 min を超えます。制限時間を延ばすか、水準数や実行回数を減らすか、ワークロードを小さくしてください。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Start needs a floodgate:// or host:path target: see under Target.</source>
        <translation>開始するには floodgate:// または host:path の対象が必要です。「対象」を参照してください。</translation>
    </message>
</context>
<context>
    <name>fgui::LabTimeChart</name>
    <message>
        <location filename="../charts/lab_time_chart.cpp" line="+54"/>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <location filename="../lab/lab_chart_data.cpp" line="+18"/>
        <source>%1
skipped: %2</source>
        <translation>%1
スキップ: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1
no run finished</source>
        <translation>%1
完了した実行なし</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>median %1 s (%2–%3 s), %4</source>
        <translation>中央値 %1 s (%2–%3 s)、%4</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>1 run</source>
        <translation>1 回</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 runs</source>
        <translation>%1 回</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the best setting</source>
        <translation>最良の設定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no measurable difference from the best</source>
        <translation>最良の設定と有意な差なし</translation>
    </message>
</context>
<context>
    <name>fgui::LabWindow</name>
    <message>
        <location filename="../lab/lab_window.cpp" line="+72"/>
        <source>Preparing: %1</source>
        <translation>準備中: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Probing: %1</source>
        <translation>プローブ中: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Warming up: %1</source>
        <translation>ウォームアップ中: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Trial %1 of %2 finished: %3</source>
        <translation>試行 %1/%2 完了: %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trial %1 of %2: %3</source>
        <translation>試行 %1/%2: %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cleaning up: %1</source>
        <translation>クリーンアップ中: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Last trial: %1 failed: %2</source>
        <translation>直前の試行: %1 が失敗: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last trial: %1 took %2 s</source>
        <translation>直前の試行: %1 の所要時間 %2 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>limited by %1</source>
        <translation>ボトルネック: %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Tuning Lab — Floodgate</source>
        <translation>チューニングラボ — Floodgate</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tuning Lab: %1 — Floodgate</source>
        <translation>チューニングラボ: %1 — Floodgate</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Set up the experiment on the left, then Start. Or open one saved earlier.</source>
        <translation>左側で実験を設定して「開始」を押してください。以前に保存した実験を開くこともできます。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Experiment</source>
        <translation>実験</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open experiment…</source>
        <translation>実験を開く…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show an experiment saved here or by `floodgate lab --json`</source>
        <translation>ここで、または `floodgate lab --json` で保存した実験を表示します</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save experiment…</source>
        <translation>実験を保存…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save every trial and the summary as JSON, the form `floodgate lab --json` prints</source>
        <translation>すべての試行と概要を、`floodgate lab --json` が出力する形式の JSON で保存します</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare with…</source>
        <translation>他の実験と比較…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Put an earlier experiment&apos;s medians beside this one&apos;s</source>
        <translation>以前の実験の中央値を、この実験の中央値と並べて表示します</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Apply to this job</source>
        <translation>このジョブに適用</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Put the best setting&apos;s options into the job&apos;s form</source>
        <translation>最良の設定のオプションをジョブのフォームに入力します</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open experiment</source>
        <translation>実験を開く</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+11"/>
        <source>Lab experiments (*.json);;All files (*)</source>
        <translation>ラボ実験 (*.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>Save experiment</source>
        <translation>実験を保存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lab experiments (*.json)</source>
        <translation>ラボ実験 (*.json)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Compare with an experiment</source>
        <translation>比較する実験</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop after cancelling the trial running; the lab removes its scratch folder from the target and shows the trials that finished</source>
        <translation>実行中の試行をキャンセルして停止します。ラボは対象から作業用フォルダーを削除し、完了した試行を表示します</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Reproduce:</source>
        <translation>再現コマンド:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The command that runs a sync with the best setting; select it to copy</source>
        <translation>最良の設定で同期を実行するコマンドです。選択してコピーできます</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Time per setting</source>
        <translation>設定ごとの所要時間</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Heat map</source>
        <translation>ヒートマップ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Throughput curves</source>
        <translation>スループット曲線</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Comparison</source>
        <translation>比較</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>The lab tries every combination of the levels you check, each several times in a random interleaved order after an untimed warm-up, and says which setting is fastest — or that the differences are within the runs&apos; spread. Then it charts the time of each setting, a heat map when two factors vary, and every trial&apos;s throughput over time.

It writes only into scratch folders named .fg-lab-… in the target, each removed after its trial, also after a cancel.</source>
        <translation>ラボは、チェックした水準のすべての組み合わせを、計測しないウォームアップの後、ランダムに入り混ぜた順序でそれぞれ複数回試し、どの設定が最速か、あるいは差が実行結果のばらつきの範囲内であるかを示します。さらに、各設定の所要時間、2 つの因子を変化させた場合のヒートマップ、各試行のスループットの推移をグラフで表示します。

書き込むのは対象内の .fg-lab-… という名前の作業用フォルダーだけで、各フォルダーは試行の後に (キャンセルした場合も) 削除されます。</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Each setting&apos;s time appears here when the experiment ends: a box for the middle of its runs, whiskers to the fastest and the slowest.</source>
        <translation>実験が終わると、各設定の所要時間がここに表示されます。箱は実行結果の中央部分、ひげは最速と最遅までの範囲を示します。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Each trial&apos;s throughput appears here as it finishes.</source>
        <translation>各試行のスループットは、試行が終わるたびにここに表示されます。</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>%v of %m trials</source>
        <translation>%v / %m 試行</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Starting…</source>
        <translation>開始しています…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cancelling: the trial running stops and the lab removes its scratch folder from the target…</source>
        <translation>キャンセル中: 実行中の試行を停止し、ラボが対象から作業用フォルダーを削除しています…</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>%1 left</source>
        <translation>残り %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Not started</source>
        <translation>未開始</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The lab did not run: %1</source>
        <translation>ラボを実行できませんでした: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cancelled after %1 of %2 trials (%3): the figures are of the trials that finished.</source>
        <translation>%2 試行中 %1 試行の後にキャンセルしました (%3)。数値は完了した試行のものです。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Done: 1 trial in %1</source>
        <translation>完了: 1 試行 (%1)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Done: %1 trials in %2</source>
        <translation>完了: %1 試行 (%2)</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+20"/>
        <source>No setting finished a run.</source>
        <translation>実行を完了した設定はありません。</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>No trial finished.</source>
        <translation>完了した試行はありません。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The best setting is marked in the table.</source>
        <translation>最良の設定には表で印が付いています。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>From %1</source>
        <translation>読み込み元: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>1 file</source>
        <translation>1 ファイル</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 files</source>
        <translation>%1 ファイル</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>1 run of each setting</source>
        <translation>各設定 1 回実行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 runs of each setting</source>
        <translation>各設定 %1 回実行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>seed %1</source>
        <translation>シード %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the probe&apos;s best network rate %1</source>
        <translation>プローブで測定した最高ネットワーク速度 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Note: %1</source>
        <translation>注: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Showing %1</source>
        <translation>%1 を表示中</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 is in the job&apos;s form: Run there to use it.</source>
        <translation>%1 をジョブのフォームに入力しました。使用するには、そちらで「実行」してください。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>There is no experiment to save yet.</source>
        <translation>保存する実験がまだありません。</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+4"/>
        <source>Cannot save to %1: %2</source>
        <translation>%1 に保存できません: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved to %1</source>
        <translation>%1 に保存しました</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>An experiment is running</source>
        <translation>実験を実行中です</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Run or open an experiment first, then compare it with another.</source>
        <translation>先に実験を実行するか開いてから、別の実験と比較してください。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Compared with %1</source>
        <translation>%1 と比較</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Cancelling: the lab removes its scratch folder from the target, then this window closes…</source>
        <translation>キャンセル中: ラボが対象から作業用フォルダーを削除した後、このウィンドウを閉じます…</translation>
    </message>
</context>
<context>
    <name>fgui::MainWindow</name>
    <message>
        <location filename="../widgets/main_window.cpp" line="+100"/>
        <location line="+640"/>
        <source>Floodgate</source>
        <translation>Floodgate</translation>
    </message>
    <message>
        <location line="-626"/>
        <source>This run is not in the history (%1); the run itself is not affected</source>
        <translation>この実行は履歴に記録されませんでした (%1)。実行自体には影響ありません</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Job &apos;%1&apos;: Preview to see what it would change, Run to run it.</source>
        <translation>ジョブ &apos;%1&apos;: 変更内容を確認するには「プレビュー」、実行するには「実行」を押してください。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Throughput appears here while a job runs.</source>
        <translation>ジョブの実行中、ここにスループットが表示されます。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Files</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+78"/>
        <location line="+826"/>
        <source>Preview</source>
        <translation>プレビュー</translation>
    </message>
    <message>
        <location line="-903"/>
        <source>Streams</source>
        <translation>ストリーム</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Log</source>
        <translation>ログ</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Choose a source and a destination, then Preview to see what would change.</source>
        <translation>転送元と転送先を選択し、「プレビュー」で変更内容を確認してください。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>New job</source>
        <translation>新規ジョブ</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Show what a run would change, without changing anything</source>
        <translation>何も変更せずに、実行した場合の変更内容を表示します</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run</source>
        <translation>実行</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+511"/>
        <source>Pause</source>
        <translation>一時停止</translation>
    </message>
    <message>
        <location line="-509"/>
        <source>Stop moving data for now and go on later: the connections stay open, nothing is lost</source>
        <translation>データの転送をいったん止め、後で続けます。接続は開いたままで、何も失われません</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Tuning Lab…</source>
        <translation>チューニングラボ…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Try settings (streams, cipher, compression, …) against this job&apos;s destination and find the fastest</source>
        <translation>このジョブの転送先に対して設定 (ストリーム、暗号方式、圧縮、…) を試し、最速の設定を見つけます</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>The one-time code `floodgate serve` printed when it started (floodgate pair --code)</source>
        <translation>`floodgate serve` が起動時に表示したワンタイムコード (floodgate pair --code)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pair</source>
        <translation>ペアリング</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Pair it with the one-time code that `floodgate serve` printed on %1:</source>
        <translation>%1 で `floodgate serve` が表示したワンタイムコードでペアリングしてください:</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Pairing with %1…</source>
        <translation>%1 とペアリング中…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pairing with %1</source>
        <translation>%1 とのペアリング</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Paired; the server&apos;s identity %1 is pinned</source>
        <translation>ペアリングしました。サーバーの識別情報 %1 をピン留めしました</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+23"/>
        <source>Pairing failed: %1</source>
        <translation>ペアリングに失敗しました: %1</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>Paired with %1. Its identity %2 is pinned for later connections.</source>
        <translation>%1 とペアリングしました。以降の接続のために識別情報 %2 をピン留めしました。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Preview again</source>
        <translation>再度プレビュー</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Run again</source>
        <translation>再実行</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Wrong pairing code. Use the code `floodgate serve` printed on %1; each code works only once.</source>
        <translation>ペアリングコードが正しくありません。%1 で `floodgate serve` が表示したコードを使用してください。各コードは 1 回しか使えません。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Follow active files</source>
        <translation>処理中のファイルを追跡</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Preview shows what a run would copy, update and delete.</source>
        <translation>プレビューでは、実行時にコピー、更新、削除される内容を表示します。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Show:</source>
        <translation>表示:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Everything</source>
        <translation>すべて</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>To copy</source>
        <translation>コピー予定</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>To update</source>
        <translation>更新予定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To delete</source>
        <translation>削除予定</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Folders, links, attributes</source>
        <translation>フォルダー、リンク、属性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Problems</source>
        <translation>問題</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Left out of the run</source>
        <translation>実行から除外</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clear a row&apos;s box to leave it out of the next run.</source>
        <translation>行のチェックを外すと、次回の実行から除外されます。</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>The data connections of a floodgate:// job appear here while it runs: rate, RTT, congestion window and retransmits for each.</source>
        <translation>floodgate:// ジョブの実行中、データ接続がここに表示されます。各接続の速度、RTT、輻輳ウィンドウ、再送回数を確認できます。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>One stream: local and ssh jobs do not open data connections.</source>
        <translation>1 ストリーム: ローカルジョブと ssh ジョブはデータ接続を開きません。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A preview moves no data, so it opens no data connections.</source>
        <translation>プレビューはデータを転送しないため、データ接続を開きません。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Data connections appear here once the transfer starts.</source>
        <translation>転送が始まると、ここにデータ接続が表示されます。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This job opened no data connections.</source>
        <translation>このジョブはデータ接続を開きませんでした。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Cancelling…</source>
        <translation>キャンセル中…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel requested</source>
        <translation>キャンセルを要求しました</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>1 item</source>
        <translation>1 項目</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 items</source>
        <translation>%1 項目</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The preview found %1 on the destination that the source lacks. This run deletes them from %2.

Run and delete them?</source>
        <translation>プレビューで、転送元にない %1 が転送先に見つかりました。この実行では、それらを %2 から削除します。

実行して削除しますか？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Delete files on the destination?</source>
        <translation>転送先のファイルを削除しますか？</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Run and delete</source>
        <translation>実行して削除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run not started: deletions not confirmed</source>
        <translation>実行を開始しませんでした: 削除が確認されませんでした</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Left out of this run, as the preview&apos;s table says: %n item(s)</source>
        <translation>
            <numerusform>プレビューの表の指定により、この実行から %n 項目を除外しました</numerusform>
        </translation>
    </message>
    <message>
        <location line="+32"/>
        <source>memory</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ssh</source>
        <translation>ssh</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>network</source>
        <translation>ネットワーク</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A preview moves no data: it only compares the two sides.</source>
        <translation>プレビューはデータを転送せず、両側を比較するだけです。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Preview: %1</source>
        <translation>プレビュー: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Run: %1</source>
        <translation>実行: %1</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Cannot pause: %1</source>
        <translation>一時停止できません: %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Resume</source>
        <translation>再開</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Res&amp;ume</source>
        <translation>再開(&amp;U)</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../widgets/main_window_menus.cpp" line="+74"/>
        <source>P&amp;ause</source>
        <translation>一時停止(&amp;A)</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+141"/>
        <source>Paused</source>
        <translation>一時停止中</translation>
    </message>
    <message>
        <location line="-130"/>
        <location line="+5"/>
        <source>Cannot apply %1</source>
        <translation>%1 を適用できません</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Applied %1 to the form: the next run uses it</source>
        <translation>%1 をフォームに適用しました。次回の実行で使用されます</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is in the form: Run to try it</source>
        <translation>%1 をフォームに入力しました。「実行」で試してください</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>State: %1</source>
        <translation>状態: %1</translation>
    </message>
    <message>
        <location line="+106"/>
        <source>%1 % — Floodgate</source>
        <translation>%1 % — Floodgate</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2 % · %3</source>
        <translation>%1: %2 % · %3</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>No files yet</source>
        <translation>まだファイルはありません</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 files</source>
        <translation>%1 ファイル</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 active</source>
        <translation>%1 処理中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 done</source>
        <translation>%1 完了</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 queued</source>
        <translation>%1 待機中</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../widgets/main_window_menus.cpp" line="+86"/>
        <source>%1 failed</source>
        <translation>%1 失敗</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>too many to list: the %1 most recent are shown, failures are in the log</source>
        <translation>多すぎて一覧にできません：最新の %1 件を表示しています。失敗したファイルはログにあります</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Nothing to do: the destination is up to date.</source>
        <translation>処理は不要です。転送先は最新の状態です。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Preview shows what a run would copy, update and delete, before anything is changed.</source>
        <translation>プレビューでは、何かを変更する前に、実行時にコピー、更新、削除される内容を表示します。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>1 item on the destination will be deleted.</source>
        <translation>転送先の 1 項目が削除されます。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 items on the destination will be deleted.</source>
        <translation>転送先の %1 項目が削除されます。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>1 file would not be written: its name collides with another on the destination (the red row at the top says which).</source>
        <translation>1 個のファイルは書き込まれません。名前が転送先の別のファイルと衝突しています (上部の赤い行に対象が表示されます)。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 files would not be written: their names collide with others on the destination (the red rows at the top say which).</source>
        <translation>%1 個のファイルは書き込まれません。名前が転送先の別のファイルと衝突しています (上部の赤い行に対象が表示されます)。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>1 file would not be written: the destination cannot hold its name (the red row at the top says why).</source>
        <translation>1 個のファイルは書き込まれません。転送先ではその名前を使用できません (上部の赤い行に理由が表示されます)。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 files would not be written: the destination cannot hold their names (the red rows at the top say why).</source>
        <translation>%1 個のファイルは書き込まれません。転送先ではその名前を使用できません (上部の赤い行に理由が表示されます)。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>1 file has an error: a run would leave it out (the red row at the top says why).</source>
        <translation>1 個のファイルにエラーがあり、実行時には除外されます (上部の赤い行に理由が表示されます)。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 files have errors: a run would leave them out (the red rows at the top say why).</source>
        <translation>%1 個のファイルにエラーがあり、実行時には除外されます (上部の赤い行に理由が表示されます)。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Store such names as look-alikes instead</source>
        <translation>このような名前を代わりに似た文字で保存する</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(a:b becomes a：b with a full-width colon, CON ＣON; syncing back with the same choice restores them)</source>
        <translation>(a:b は全角コロンの a：b に、CON は ＣON になります。同じ設定で逆方向に同期すると元に戻ります)</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Failed after %1</source>
        <translation>%1 後に失敗しました</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Preview finished — nothing was changed</source>
        <translation>プレビュー完了 — 何も変更されていません</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Done</source>
        <translation>完了</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cancelled</source>
        <translation>キャンセル済み</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Failed: %1</source>
        <translation>失敗: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Failed: this computer is not paired with %1</source>
        <translation>失敗: このコンピューターは %1 とペアリングされていません</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>to copy</source>
        <translation>コピー予定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>to update</source>
        <translation>更新予定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>to delete</source>
        <translation>削除予定</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>to transfer</source>
        <translation>転送予定</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>file transferred</source>
        <translation>ファイルを転送</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>files transferred</source>
        <translation>ファイルを転送</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>deleted</source>
        <translation>件を削除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>of data</source>
        <translation>のデータ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>on the wire</source>
        <translation>通信量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>elapsed</source>
        <translation>経過</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>average</source>
        <translation>平均</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>error</source>
        <translation>件のエラー</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>errors</source>
        <translation>件のエラー</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>and %1 more (see the Log tab)</source>
        <translation>ほか %1 件 (「ログ」タブを参照)</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+1"/>
        <source>Could not start</source>
        <translation>開始できませんでした</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not start: %1</source>
        <translation>開始できませんでした: %1</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>A transfer is running</source>
        <translation>転送を実行中です</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cancel the transfer and quit? Files already transferred stay; none is left half-written.</source>
        <translation>転送をキャンセルして終了しますか？ 転送済みのファイルは残り、書きかけのまま残るファイルはありません。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel and quit</source>
        <translation>キャンセルして終了</translation>
    </message>
    <message>
        <location filename="../widgets/main_window_menus.cpp" line="-99"/>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save job</source>
        <translation>ジョブを保存(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save job &amp;as…</source>
        <translation>ジョブに名前を付けて保存(&amp;A)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Se&amp;ttings…</source>
        <translation>設定(&amp;T)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Job</source>
        <translation>ジョブ(&amp;J)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Preview</source>
        <translation>プレビュー(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Run</source>
        <translation>実行(&amp;R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Cancel</source>
        <translation>キャンセル(&amp;C)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>S&amp;chedule…</source>
        <translation>スケジュール(&amp;C)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Delete job…</source>
        <translation>ジョブを削除(&amp;D)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;History</source>
        <translation>履歴(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tuning &amp;Lab…</source>
        <translation>チューニングラボ(&amp;L)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Documentation</source>
        <translation>ドキュメント(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About Floodgate</source>
        <translation>Floodgate について(&amp;A)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>About &amp;Qt</source>
        <translation>Qt について(&amp;Q)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Documentation</source>
        <translation>ドキュメント</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every command and option is described by &lt;code&gt;floodgate --help&lt;/code&gt;, &lt;code&gt;floodgate sync --help&lt;/code&gt; and &lt;code&gt;man floodgate&lt;/code&gt;; the package puts the guides in /usr/share/doc/floodgate.</source>
        <translation>すべてのコマンドとオプションは &lt;code&gt;floodgate --help&lt;/code&gt;、&lt;code&gt;floodgate sync --help&lt;/code&gt;、&lt;code&gt;man floodgate&lt;/code&gt; で説明されています。ガイドはパッケージによって /usr/share/doc/floodgate に置かれます。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>About Floodgate</source>
        <translation>Floodgate について</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;Floodgate %1&lt;/h3&gt;&lt;p&gt;Fast, observable folder sync: delta, whole-file and parallel transfers over TLS or ssh, with the layer that limits each job named and how to fix it.&lt;/p&gt;&lt;p&gt;Built with Qt %2, OpenSSL, zstd, lz4, xxHash and SQLite.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Floodgate %1&lt;/h3&gt;&lt;p&gt;高速で、状況を見通せるフォルダー同期。TLS または ssh 経由の差分転送、ファイル全体の転送、並列転送に対応し、各ジョブのボトルネックとなっている層とその対策を示します。&lt;/p&gt;&lt;p&gt;Qt %2、OpenSSL、zstd、lz4、xxHash、SQLite を使用しています。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>%1 was cancelled</source>
        <translation>%1 はキャンセルされました</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%1 finished with %n file(s) not synced</source>
        <translation>
            <numerusform>%1 は完了しましたが、%n 個のファイルが同期されませんでした</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is done</source>
        <translation>%1 が完了しました</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Exit code %1.</source>
        <translation>終了コード %1。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exit code %1: %2</source>
        <translation>終了コード %1: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>View → History has its log.</source>
        <translation>ログは「表示 → 履歴」で確認できます。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Scheduled run of %1 failed (%2)</source>
        <translation>%1 のスケジュール実行が失敗しました (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scheduled run of %1 did not finish cleanly (%2)</source>
        <translation>%1 のスケジュール実行が正常に完了しませんでした (%2)</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>The new language or folder takes effect when Floodgate starts again.</source>
        <translation>新しい言語またはフォルダーは、Floodgate の次回起動時に有効になります。</translation>
    </message>
</context>
<context>
    <name>fgui::PipelineView</name>
    <message>
        <location filename="../widgets/pipeline_view.cpp" line="+29"/>
        <source>sender</source>
        <translation>送信側</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>receiver</source>
        <translation>受信側</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>link</source>
        <translation>回線</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>The pipeline appears here while a job moves data.</source>
        <translation>ジョブがデータを転送している間、ここにパイプラインが表示されます。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Sender</source>
        <translation>送信側</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Receiver</source>
        <translation>受信側</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>The link between the two ends</source>
        <translation>両端を結ぶ回線</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 on the %2: busy %3 of the time %4</source>
        <translation>%2の %1: %4の稼働率 %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>over the whole job</source>
        <translation>ジョブ全体</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>over the last two seconds</source>
        <translation>直近 2 秒間</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This is what limits the job.</source>
        <translation>これがジョブのボトルネックです。</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>Measuring where the time goes…</source>
        <translation>時間の内訳を測定中…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No single layer limits the job</source>
        <translation>特定の層がボトルネックになっていません</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> on the %1</source>
        <translation> (%1 側)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> (%1 % of the time)</source>
        <translation> (時間の %1 %)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Limited by %1</source>
        <translation>ボトルネック: %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Fix: %1</source>
        <translation>対策: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fix:</source>
        <translation>対策:</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Use %1</source>
        <translation>%1 を使用</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A running job keeps its settings: this applies to the form once it ends</source>
        <translation>実行中のジョブの設定は変わりません。ジョブの終了後にフォームに適用されます</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Puts %1 into the form for the next run</source>
        <translation>次回の実行のために %1 をフォームに入力します</translation>
    </message>
</context>
<context>
    <name>fgui::PlanModel</name>
    <message>
        <location filename="../models/plan_model.cpp" line="+113"/>
        <source>%1 to copy</source>
        <translation>コピー %1 件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 to update</source>
        <translation>更新 %1 件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 folder to create</source>
        <translation>フォルダー作成 %1 件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 folders to create</source>
        <translation>フォルダー作成 %1 件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 link</source>
        <translation>リンク %1 件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 links</source>
        <translation>リンク %1 件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 attribute fixes</source>
        <translation>属性の修正 %1 件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 to delete</source>
        <translation>削除 %1 件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 problem</source>
        <translation>問題 1 件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 problems</source>
        <translation>問題 %1 件</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n left out of the run</source>
        <translation>
            <numerusform>除外 %n 件</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 not listed here (too many to show; `floodgate sync -n` lists them all)</source>
        <translation>%1 件はここに表示されていません（多すぎるため。`floodgate sync -n` ですべて表示できます）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing to do: the destination is up to date</source>
        <translation>処理は不要です。転送先は最新の状態です</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>update</source>
        <translation>更新</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unchanged</source>
        <translation>変更なし</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>attributes</source>
        <translation>属性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>create folder</source>
        <translation>フォルダーを作成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>link</source>
        <translation>リンク</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>%1 — left out of the next run</source>
        <translation>%1 — 次回の実行から除外</translation>
    </message>
    <message>
        <location line="+114"/>
        <source>name collision</source>
        <translation>名前の衝突</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>name not allowed</source>
        <translation>使用できない名前</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Clear a row&apos;s box to leave it out of the next run</source>
        <translation>行のチェックを外すと、次回の実行から除外されます</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Source size</source>
        <translation>転送元サイズ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Source modified</source>
        <translation>転送元の更新日時</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Destination size</source>
        <translation>転送先サイズ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Destination modified</source>
        <translation>転送先の更新日時</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Path</source>
        <translation>パス</translation>
    </message>
</context>
<context>
    <name>fgui::SavedJobsPanel</name>
    <message>
        <location filename="../widgets/saved_jobs_panel.cpp" line="+41"/>
        <source>&lt;b&gt;Saved jobs&lt;/b&gt;</source>
        <translation>&lt;b&gt;保存したジョブ&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Write the form into the chosen job</source>
        <translation>フォームの内容を選択したジョブに保存します</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save as…</source>
        <translation>名前を付けて保存…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Save the form as a new job (a copy of the chosen one)</source>
        <translation>フォームの内容を新しいジョブとして保存します (選択したジョブのコピー)</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+246"/>
        <source>Delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <location line="-246"/>
        <source>Delete the chosen job (and its schedule)</source>
        <translation>選択したジョブ (とそのスケジュール) を削除します</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>The jobs `floodgate job` keeps: choose one to fill the form; `floodgate job run NAME` runs it from a script or a timer</source>
        <translation>`floodgate job` が管理するジョブです。選択するとフォームに入力されます。スクリプトやタイマーからは `floodgate job run NAME` で実行できます</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Schedule…</source>
        <translation>スケジュール…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Run the chosen job by itself: daily, weekly, every few hours</source>
        <translation>選択したジョブを自動で実行します: 毎日、毎週、数時間ごとなど</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>History</source>
        <translation>履歴</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The chosen job&apos;s runs: results, rates, errors and logs</source>
        <translation>選択したジョブの実行履歴: 結果、速度、エラー、ログ</translation>
    </message>
    <message>
        <location line="+109"/>
        <source>next %1</source>
        <translation>次回 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>last run: %1</source>
        <translation>前回の実行: %1</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Job &apos;%1&apos; does not read: %2</source>
        <translation>ジョブ &apos;%1&apos; を読み込めません: %2</translation>
    </message>
    <message>
        <location line="+37"/>
        <location line="+5"/>
        <location line="+6"/>
        <location line="+12"/>
        <location line="+8"/>
        <location line="+6"/>
        <source>Not saved: %1</source>
        <translation>保存されませんでした: %1</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>%1 (copy)</source>
        <translation>%1 (コピー)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save job as</source>
        <translation>ジョブに名前を付けて保存</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Name of the job (for `floodgate job run NAME`):</source>
        <translation>ジョブ名 (`floodgate job run NAME` で使用):</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Delete job?</source>
        <translation>ジョブを削除しますか？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the saved job &apos;%1&apos;? Its files and history stay; its schedule goes.</source>
        <translation>保存したジョブ &apos;%1&apos; を削除しますか？ ファイルと履歴は残りますが、スケジュールは削除されます。</translation>
    </message>
</context>
<context>
    <name>fgui::ScheduleDialog</name>
    <message>
        <location filename="../widgets/schedule_dialog.cpp" line="+15"/>
        <source>Schedule — %1</source>
        <translation>スケジュール — %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>When should &apos;%1&apos; run by itself? For example: &lt;i&gt;daily 02:00&lt;/i&gt;, &lt;i&gt;Mon-Fri 18:30&lt;/i&gt;, &lt;i&gt;Sat,Sun 09:00&lt;/i&gt;, &lt;i&gt;weekly Sun 03:00&lt;/i&gt;, &lt;i&gt;monthly 15 04:00&lt;/i&gt;, &lt;i&gt;hourly&lt;/i&gt;, &lt;i&gt;every 15m&lt;/i&gt;, &lt;i&gt;every 4h&lt;/i&gt;.</source>
        <translation>&apos;%1&apos; をいつ自動で実行しますか？ 例: &lt;i&gt;daily 02:00&lt;/i&gt;、&lt;i&gt;Mon-Fri 18:30&lt;/i&gt;、&lt;i&gt;Sat,Sun 09:00&lt;/i&gt;、&lt;i&gt;weekly Sun 03:00&lt;/i&gt;、&lt;i&gt;monthly 15 04:00&lt;/i&gt;、&lt;i&gt;hourly&lt;/i&gt;、&lt;i&gt;every 15m&lt;/i&gt;、&lt;i&gt;every 4h&lt;/i&gt;。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>A systemd timer runs it, also while this window is closed; a run missed while the computer was off happens when it is next on. Each run is in the history.</source>
        <translation>systemd タイマーが実行するため、このウィンドウを閉じていても実行されます。コンピューターの電源が切れていて実行されなかった分は、次回の起動時に実行されます。各実行は履歴に記録されます。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Set schedule</source>
        <translation>スケジュールを設定</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run only when asked</source>
        <translation>手動でのみ実行</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Runs %1; next: %2</source>
        <translation>実行: %1、次回: %2</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
</context>
<context>
    <name>fgui::SettingsDialog</name>
    <message>
        <location filename="../widgets/settings_dialog.cpp" line="+37"/>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The system&apos;s</source>
        <translation>システムの言語</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Language:</source>
        <translation>言語:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Where saved jobs, the history, this computer&apos;s keys and its pairings are kept (FLOODGATE_HOME); empty: the default</source>
        <translation>保存したジョブ、履歴、このコンピューターの鍵とペアリング情報の保存場所です (FLOODGATE_HOME)。空欄: 既定</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose…</source>
        <translation>選択…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Floodgate folder:</source>
        <translation>Floodgate フォルダー:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>When any job ends</source>
        <translation>ジョブが終了するたび</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only when a job fails or leaves files out</source>
        <translation>ジョブの失敗時、または未同期のファイルがあるときのみ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Never</source>
        <translation>通知しない</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Notify:</source>
        <translation>通知:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>1024-based: 1 MB = 1,048,576 bytes (as --bwlimit counts)</source>
        <translation>1024 単位: 1 MB = 1,048,576 バイト（--bwlimit と同じ）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1000-based: 1 MB = 1,000,000 bytes (as disk makers count)</source>
        <translation>1000 単位: 1 MB = 1,000,000 バイト（ディスクメーカーと同じ）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sizes:</source>
        <translation>サイズの単位:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>For ever</source>
        <translation>無期限</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> days</source>
        <translation> 日</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep runs in the history:</source>
        <translation>履歴の保存期間:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The language and the folder take effect when Floodgate starts again.</source>
        <translation>言語とフォルダーは、Floodgate の次回起動時に有効になります。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Floodgate folder</source>
        <translation>Floodgate フォルダー</translation>
    </message>
</context>
<context>
    <name>fgui::StreamTableModel</name>
    <message>
        <location filename="../models/stream_table_model.cpp" line="+72"/>
        <source>receiver&apos;s window %1</source>
        <translation>受信側ウィンドウ %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>send buffer %1</source>
        <translation>送信バッファー %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>congestion window</source>
        <translation>輻輳ウィンドウ</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>stream %1</source>
        <translation>ストリーム %1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 sent, %2 received</source>
        <translation>送信 %1、受信 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The far end sends on this connection: these are its kernel&apos;s figures, from its reports.</source>
        <translation>この接続では相手側が送信しています。表示されているのは、相手側のレポートによる相手側カーネルの数値です。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>now %1, the least seen %2</source>
        <translation>現在 %1、最小 %2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Stream</source>
        <translation>ストリーム</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rate</source>
        <translation>速度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bytes</source>
        <translation>バイト数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RTT</source>
        <translation>RTT</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cwnd</source>
        <translation>cwnd</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delivery rate</source>
        <translation>配信速度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Retransmits</source>
        <translation>再送</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Congestion</source>
        <translation>輻輳制御</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Limited by</source>
        <translation>制約要因</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>One data connection; the colour is its line on the chart</source>
        <translation>1 つのデータ接続です。色はグラフ上の線の色です</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bytes on this connection per second, both directions, framing included</source>
        <translation>この接続の 1 秒あたりのバイト数 (双方向、フレーミングを含む)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sent and received on this connection so far</source>
        <translation>この接続でこれまでに送受信した量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Round-trip time the kernel measures on this connection</source>
        <translation>カーネルがこの接続で測定したラウンドトリップ時間</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Congestion window: packets the sender may have in flight before an answer</source>
        <translation>輻輳ウィンドウ: 送信側が応答を待たずに送出できるパケット数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The kernel&apos;s estimate of what this connection delivers</source>
        <translation>この接続の配信速度についてのカーネルの推定値</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Packets sent again: loss on the path, or a queue that overflowed</source>
        <translation>再送されたパケット: 経路上でのパケットロス、またはキューのあふれによるもの</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The TCP congestion control this connection uses</source>
        <translation>この接続が使用している TCP 輻輳制御</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>What held what this end sends on it over the last moment, from the kernel: the receiver&apos;s window, our send buffer, or the congestion window (the path itself)</source>
        <translation>直近にこちら側からの送信を制約していたもの (カーネルによる): 受信側ウィンドウ、こちらの送信バッファー、または輻輳ウィンドウ (経路そのもの)</translation>
    </message>
</context>
<context>
    <name>fgui::ThroughputChart</name>
    <message>
        <location filename="../charts/throughput_chart.cpp" line="+66"/>
        <source>Instantaneous</source>
        <translation>瞬間値</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Smoothed</source>
        <translation>平滑化</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>stream %1</source>
        <translation>ストリーム %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1: %2 MB/s</source>
        <translation>%1: %2 MB/s</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>1 stream</source>
        <translation>1 ストリーム</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 streams</source>
        <translation>%1 ストリーム</translation>
    </message>
</context>
<context>
    <name>fgui::format</name>
    <message>
        <location filename="../widgets/format.cpp" line="+15"/>
        <source>file</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>files</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>Starting…</source>
        <translation>開始しています…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connecting…</source>
        <translation>接続しています…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reconnecting…</source>
        <translation>再接続しています…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scanning…</source>
        <translation>スキャンしています…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Comparing…</source>
        <translation>比較しています…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Transferring</source>
        <translation>転送中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Finishing…</source>
        <translation>完了処理中…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+48"/>
        <source>Done</source>
        <translation>完了</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>Failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelled</source>
        <translation>キャンセル済み</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+13"/>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>%1 %2 found</source>
        <translation>%1 %2を検出</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>ETA %1</source>
        <translation>残り時間 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2 %3</source>
        <translation>%1 / %2 %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>finishing up</source>
        <translation>完了処理中</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Preview finished in %1</source>
        <translation>プレビュー完了 (%1)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>nothing was changed</source>
        <translation>何も変更されていません</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 in %2</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 average</source>
        <translation>平均 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 %2 transferred</source>
        <translation>%1 %2を転送</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 deleted</source>
        <translation>%1 件を削除</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 error</source>
        <translation>1 件のエラー</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 errors</source>
        <translation>%1 件のエラー</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Failed after %1</source>
        <translation>%1 後に失敗</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled after %1</source>
        <translation>%1 後にキャンセル</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 transferred</source>
        <translation>%1 を転送</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../../app/gui/main.cpp" line="+42"/>
        <source>Fast, observable folder sync.</source>
        <translation>高速で、状況を見通せるフォルダー同期。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Sync a generated sample tree to a daemon on this machine.</source>
        <translation>生成したサンプルツリーを、このマシン上のデーモンに同期します。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Show the window in LANGUAGE: en, es, ja or zh_CN (default: the system&apos;s).</source>
        <translation>ウィンドウを LANGUAGE で表示します: en、es、ja、zh_CN のいずれか (既定: システムの言語)。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The demo could not be prepared</source>
        <translation>デモを準備できませんでした</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Preparing the demo: writing a sample tree and starting a local daemon…</source>
        <translation>デモを準備中: サンプルツリーを書き込み、ローカルデーモンを起動しています…</translation>
    </message>
</context>
</TS>
