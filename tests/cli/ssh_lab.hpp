// A lab of "machines" for the remote tests (CLI and GUI): sshd instances on loopback ports, each in a
// temporary folder with its own host key, authorized key, temp folder and PATH (sshd_config's SetEnv); ssh gets
// a generated config with its own known_hosts. No address outside this machine is contacted. POSIX only, as
// root (sshd run by another user cannot switch users): problem() says why there is no lab.
#pragma once

#ifndef _WIN32
#include <deque>
#include <filesystem>
#include <string>
#include <sys/types.h>

#include "cli_helpers.hpp"

namespace clitest {

class SshLab {
public:
  struct Host {
    std::string label;  // 127.0.0.1:PORT
    std::filesystem::path tmp, bin;  // its temp folder (TMPDIR there) and the first folder of its PATH
    pid_t pid = 0;      // the listening sshd
  };

  SshLab();
  ~SshLab();
  SshLab(const SshLab&) = delete;
  SshLab& operator=(const SshLab&) = delete;
  const std::string& problem() const { return m_problem; }
  std::string sshConfig() const { return (m_dir / "ssh_config").string(); }
  std::filesystem::path dir() const { return m_dir.path(); }

  // A new machine; `acceptKey` false: its authorized_keys holds no key of ours; `knownKey` false: its host key
  // is not in our known_hosts; `tmpSize`: its temp folder is a tmpfs that small, in sshd's own mount namespace.
  // nullptr (problem() said) when sshd cannot run here.
  const Host* addHost(bool acceptKey = true, bool knownKey = true, const std::string& tmpSize = {});

  // Kills a machine's sshd and its sessions at once, as a crash or a pulled cable would end them.
  static void kill(const Host& h);
  static void stop(const Host& h) { kill(h); }

private:
  TempDir m_dir;
  std::string m_problem;
  std::deque<Host> m_hosts;  // stable addresses for the Host pointers handed out
};

// Nothing left in the machine's temp folder (waiting a moment: the remote side cleans up as it notices).
bool leftNothing(const SshLab::Host& h);

}  // namespace clitest
#endif
