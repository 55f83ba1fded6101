#include "ssh_lab.hpp"

#ifndef _WIN32
#include <csignal>
#include <fstream>
#include <random>
#include <sstream>
#include <vector>

#include "wait_for.hpp"

namespace fs = std::filesystem;
using hashscope::test::waitFor;

namespace clitest {

namespace {

std::string firstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

// The children of `pid` (sshd's sessions), from /proc.
std::vector<pid_t> childrenOf(pid_t pid)
{
  std::vector<pid_t> out;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator("/proc", ec)) {
    std::ifstream stat(entry.path() / "stat");
    std::string line;
    if (!std::getline(stat, line) || line.rfind(')') == std::string::npos)
      continue;
    std::istringstream rest(line.substr(line.rfind(')') + 2));
    char state = 0;
    pid_t parent = 0;
    rest >> state >> parent;
    if (parent == pid)
      out.push_back(static_cast<pid_t>(std::stoi(entry.path().filename().string())));
  }
  return out;
}

}  // namespace

SshLab::SshLab()
{
  for (const char* tool : {"ssh", "ssh-keygen"})
    if (!toolExists(tool))
      m_problem = std::string(tool) + " is not installed (openssh-client)";
  if (m_problem.empty() && !fs::exists("/usr/sbin/sshd"))
    m_problem = "/usr/sbin/sshd is not installed (openssh-server)";
  if (m_problem.empty() && !isRoot())
    m_problem = "the loopback sshd machines log in as root (sshd run by another user cannot switch users)";
  if (m_problem.empty() && run({"ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", (m_dir / "user").string()}).exitCode != 0)
    m_problem = "ssh-keygen could not make a key";
  writeTextFile(m_dir / "ssh_config", "Host *\n  IdentityFile " + (m_dir / "user").string() +
                                          "\n  IdentitiesOnly yes\n  UserKnownHostsFile " +
                                          (m_dir / "known_hosts").string() + "\n  LogLevel ERROR\n");
}

SshLab::~SshLab()
{
  for (const Host& h : m_hosts)
    stop(h);
}

const SshLab::Host* SshLab::addHost(bool acceptKey, bool knownKey, const std::string& tmpSize)
{
  const fs::path home = m_dir / ("host" + std::to_string(m_hosts.size()));
  Host h;
  h.tmp = home / "tmp";
  h.bin = home / "bin";
  fs::create_directories(h.tmp);
  fs::create_directories(h.bin);
  if (run({"ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", (home / "hostkey").string()}).exitCode != 0) {
    m_problem = "ssh-keygen could not make a host key";
    return nullptr;
  }
  writeTextFile(home / "authorized_keys", acceptKey ? readTextFile(m_dir / "user.pub") : std::string());
  std::mt19937 random(std::random_device{}());
  for (int attempt = 0; attempt < 5 && h.pid == 0; ++attempt) {
    const int port = 20000 + static_cast<int>(random() % 30000);
    h.label = "127.0.0.1:" + std::to_string(port);
    writeTextFile(home / "sshd_config",
                  "Port " + std::to_string(port) + "\nListenAddress 127.0.0.1\nHostKey " + (home / "hostkey").string() +
                      "\nAuthorizedKeysFile " + (home / "authorized_keys").string() +
                      "\nPermitRootLogin prohibit-password\nPasswordAuthentication no\nKbdInteractiveAuthentication no"
                      "\nStrictModes no\nPidFile " + (home / "sshd.pid").string() + "\nSetEnv TMPDIR=" +
                      h.tmp.string() + " PATH=" + h.bin.string() + ":/usr/bin:/bin\n");
    // sshd needs its privilege separation folder, /run/sshd: made in a private mount namespace over a tmpfs
    // /run when the machine has none (nothing outside the test's folder is touched).
    const std::string start = "exec /usr/sbin/sshd -f " + (home / "sshd_config").string() + " -E " +
                              (home / "sshd.log").string();
    std::string mounts = fs::exists("/run/sshd") ? "" : "mount -t tmpfs tmpfs /run && mkdir /run/sshd && ";
    if (!tmpSize.empty())
      mounts += "mount -t tmpfs -o size=" + tmpSize + " tmpfs " + h.tmp.string() + " && ";
    const ProcessResult started =
        mounts.empty() ? run({"sh", "-c", start})
                       : run({"unshare", "--mount", "--propagation", "private", "sh", "-c", mounts + start});
    // sshd writes its pid file after it daemonizes: wait for the whole line.
    const fs::path pidFile = home / "sshd.pid";
    const auto written = [&] {
      const std::string text = fs::exists(pidFile) ? readTextFile(pidFile) : std::string();
      return !text.empty() && text.back() == '\n';
    };
    if (started.exitCode == 0 && waitFor(written))
      h.pid = std::stoi(readTextFile(pidFile));
    else
      m_problem = "sshd could not start here: " + firstLine(started.err + readTextFile(home / "sshd.log"));
  }
  if (h.pid == 0)
    return nullptr;
  if (knownKey)
    std::ofstream(m_dir / "known_hosts", std::ios::app)
        << "[127.0.0.1]:" << h.label.substr(h.label.find(':') + 1) << " " << readTextFile(home / "hostkey.pub");
  m_hosts.push_back(h);
  return &m_hosts.back();
}

void SshLab::kill(const Host& h)
{
  for (pid_t session : childrenOf(h.pid))
    ::kill(session, SIGKILL);
  ::kill(h.pid, SIGKILL);
}

bool leftNothing(const SshLab::Host& h)
{
  return waitFor([&] { return listFolder(h.tmp).empty(); }, std::chrono::seconds(10));
}

}  // namespace clitest
#endif
