#include "widgets/options_panel.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <QThread>

#include "logic/result_text.hpp"

namespace hashscope::gui {

OptionsPanel::OptionsPanel(QWidget* parent) : QGroupBox(tr("Options"), parent)
{
  const int cores = std::max(1, QThread::idealThreadCount());
  m_preset = new QComboBox(this);
  m_preset->addItem(tr("quick (1 pass)"), int(Preset::Quick));
  m_preset->addItem(tr("standard (3 passes)"), int(Preset::Standard));
  m_preset->addItem(tr("thorough (5 passes)"), int(Preset::Thorough));
  m_preset->setToolTip(tr("How many passes each step runs. A pass is one complete measurement of a step;\n"
                          "every pass starts in the same cache state. Results show the median pass with the\n"
                          "slowest and fastest."));
  m_waitQuiet = new QCheckBox(tr("Wait for a &quiet machine"), this);
  m_waitQuiet->setToolTip(tr("Before each step, wait until other programs leave the CPU idle (up to %1 s; the status "
                             "line says what it waits for, with Skip).\nWhen the machine stays busy the run stops "
                             "waiting and flags the steps measured while it was busy.")
                              .arg(int(RunOptions().quietTimeout)));
  m_cache = new QComboBox(this);
  m_cache->addItem(tr("cold"), int(CacheMode::Cold));
  m_cache->addItem(tr("warm"), int(CacheMode::Warm));
  m_cache->addItem(tr("as-is"), int(CacheMode::AsIs));
  m_cache->setToolTip(tr("Cold: reads come from the device itself (O_DIRECT or evicted pages): the disk's real speed.\n"
                         "Warm: reads come from RAM (the page cache holds the file). As-is leaves the cache alone."));
  m_warm = new QCheckBox(tr("Also warm"), this);
  m_warm->setToolTip(tr("Add a hash-file run served from RAM, to see the CPU limit on the same file"));
  m_streams = new QSpinBox(this);
  m_streams->setRange(1, std::max(64, cores * 4));
  m_streams->setToolTip(tr("Parallel streams for the hash-file runs: the file is split into this many slices,\n"
                           "each read and hashed by its own thread"));
  m_ramp = new QCheckBox(tr("Ramp 1.."), this);
  m_ramp->setToolTip(tr("Also run hash-file with 1, 2, ... N streams (the classic \"1..8 processes\" experiment)"));
  m_maxStreams = new QSpinBox(this);
  m_maxStreams->setRange(0, std::max(64, cores * 4));
  m_maxStreams->setSpecialValueText(tr("%1 (cores)").arg(cores));
  m_maxStreams->setToolTip(tr("Largest stream count of the ramp; \"cores\" = the logical core count"));
  m_blockSize = new QComboBox(this);
  for (std::uint64_t size : offeredBlockSizes())
    m_blockSize->addItem(formatBytes(size), QVariant::fromValue<qulonglong>(size));
  m_blockSize->setToolTip(tr("Bytes per read and per hash update (1 MiB = 1024 x 1024 bytes). 1 MiB suits most "
                             "devices. Cached files copied on the hashing thread are read in pieces of at most "
                             "64 KiB, each hashed while it is in the CPU's cache."));
  m_peers = new QCheckBox(tr("Peer tools"), this);
  m_peers->setToolTip(tr("Also time md5sum, sha256sum, openssl dgst, xxhsum ... on the same sample\n"
                         "and check that their digests match"));
  m_hashSeconds = new QDoubleSpinBox(this);
  m_hashSeconds->setRange(0.1, 30);
  m_hashSeconds->setSingleStep(0.5);
  m_hashSeconds->setDecimals(1);
  m_hashSeconds->setSuffix(tr(" s"));
  m_hashSeconds->setToolTip(tr("How long each reference run lasts. hash-memory: the algorithm hashing a buffer\n"
                               "in RAM, CPU only, no disk: the fastest it can go on this machine."));

  auto* cache = new QHBoxLayout;
  cache->addWidget(m_cache);
  cache->addWidget(m_warm);
  cache->addStretch();
  auto* streams = new QHBoxLayout;
  streams->addWidget(m_streams);
  streams->addWidget(m_ramp);
  streams->addWidget(m_maxStreams);
  streams->addStretch();
  auto* form = new QFormLayout(this);
  form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
  auto addRow = [this, form](const QString& text, QWidget* buddy, auto* field) {
    auto* label = new QLabel(text, this);
    label->setBuddy(buddy);
    form->addRow(label, field);
  };
  addRow(tr("Pr&eset:"), m_preset, m_preset);
  form->addRow(QString(), m_waitQuiet);  // its own row: never squeezed next to the preset
  addRow(tr("&Cache:"), m_cache, cache);
  addRow(tr("Streams:"), m_streams, streams);
  addRow(tr("Block size:"), m_blockSize, m_blockSize);
  addRow(tr("Reference run:"), m_hashSeconds, m_hashSeconds);
  form->addRow(QString(), m_peers);

  connect(m_ramp, &QCheckBox::toggled, m_maxStreams, &QSpinBox::setEnabled);
  // Choosing a preset brings its wait-for-quiet default; the box can still be changed afterwards.
  connect(m_preset, &QComboBox::activated, this,
          [this] { m_waitQuiet->setChecked(waitsQuietByDefault(Preset(m_preset->currentData().toInt()))); });
  setFrom(RunOptions());
}

void OptionsPanel::readInto(RunOptions& o) const
{
  o.preset = Preset(m_preset->currentData().toInt());
  o.waitQuiet = m_waitQuiet->isChecked();
  o.cache = CacheMode(m_cache->currentData().toInt());
  o.warm = m_warm->isChecked();
  o.streams = m_streams->value();
  o.ramp = m_ramp->isChecked();
  o.maxStreams = m_maxStreams->value();
  o.blockSize = m_blockSize->currentData().toULongLong();
  o.peers = m_peers->isChecked();
  o.hashSeconds = m_hashSeconds->value();
}

void OptionsPanel::setFrom(const RunOptions& o)
{
  m_preset->setCurrentIndex(std::max(0, m_preset->findData(int(o.preset))));
  m_waitQuiet->setChecked(o.waitQuiet);
  m_cache->setCurrentIndex(std::max(0, m_cache->findData(int(o.cache))));
  m_warm->setChecked(o.warm);
  m_streams->setValue(o.streams);
  m_ramp->setChecked(o.ramp);
  m_maxStreams->setValue(o.maxStreams);
  m_maxStreams->setEnabled(o.ramp);
  const int block = m_blockSize->findData(QVariant::fromValue<qulonglong>(o.blockSize));
  m_blockSize->setCurrentIndex(block >= 0 ? block : m_blockSize->findData(QVariant::fromValue<qulonglong>(MiB)));
  m_peers->setChecked(o.peers);
  m_hashSeconds->setValue(o.hashSeconds);
}

}  // namespace hashscope::gui
