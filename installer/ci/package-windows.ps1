# Makes the Windows installers from an existing build: NSIS .exe, WiX .msi (when WiX 3 is
# installed) and a .zip, each with windeployqt's Qt runtime, OpenSSL and the other DLLs.
#   pwsh installer/ci/package-windows.ps1 [-BuildDir build-ci]
# The installers are not code-signed (that needs a certificate).
param([string]$BuildDir = "build-ci")
$ErrorActionPreference = "Stop"
$build = Resolve-Path $BuildDir
$out = Join-Path $build "packages"
if (Test-Path $out) { Remove-Item -Recurse -Force $out }

$generators = @("ZIP")
if (Get-Command makensis -ErrorAction SilentlyContinue) { $generators += "NSIS" }
elseif (Test-Path "${env:ProgramFiles(x86)}\NSIS\makensis.exe") {
  $env:PATH = "${env:ProgramFiles(x86)}\NSIS;$env:PATH"; $generators += "NSIS"
} else { Write-Warning "NSIS not found: no .exe installer (choco install nsis)" }
if ((Get-Command candle -ErrorAction SilentlyContinue) -or $env:WIX) { $generators += "WIX" }
else { Write-Warning "WiX 3 not found: no .msi" }

Push-Location $build
try {
  cpack -C Release -G ($generators -join ";") -B $out
  if ($LASTEXITCODE) { throw "cpack failed" }
} finally { Pop-Location }
Remove-Item -Recurse -Force (Join-Path $out "_CPack_Packages") -ErrorAction SilentlyContinue
Get-ChildItem $out

# A quick look inside the .zip: the programs must start from the unpacked folder alone.
$zip = Get-ChildItem $out -Filter *.zip | Select-Object -First 1
$dir = Join-Path $env:RUNNER_TEMP "hashscope-zip-check"
if (-not $env:RUNNER_TEMP) { $dir = Join-Path $env:TEMP "hashscope-zip-check" }
if (Test-Path $dir) { Remove-Item -Recurse -Force $dir }
Expand-Archive $zip.FullName $dir
$bin = Get-ChildItem $dir -Recurse -Filter hashscope-cli.exe | Select-Object -First 1
if ($bin) {
  # Only Windows' own folders on PATH, so a DLL missing from the package shows up here.
  $savedPath = $env:PATH
  $env:PATH = "$env:SystemRoot\system32;$env:SystemRoot"
  try {
    & $bin.FullName --version
    if ($LASTEXITCODE) { throw "hashscope-cli.exe from the .zip does not start on its own" }
  } finally { $env:PATH = $savedPath }
}
