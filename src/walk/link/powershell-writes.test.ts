import { describe, expect, it } from 'vitest';
import { commandWrites } from './command-writes.js';
import { powershellScript } from './powershell-writes.js';

const ROOT = 'c:/Users/ada/vault';
const written = (line: string) =>
  commandWrites(line, '', ROOT).map(
    (w) => `${w.evidence}${w.literal ? ' literal' : ''} ${w.path.replace(`${ROOT}/`, '')}`,
  );

describe('PowerShell as a command author', () => {
  it('finds the script in powershell -Command "…" and pwsh -c, and none in -File or an encoded command', () => {
    expect(powershellScript('powershell.exe -NoProfile -Command "Get-ChildItem \\"C:\\x\\""')).toBe(
      'Get-ChildItem "C:\\x"',
    );
    expect(powershellScript('pwsh -c Set-Content a.txt hi')).toBe('Set-Content a.txt hi');
    expect(powershellScript('powershell.exe -ExecutionPolicy Bypass -Command "ls" 2>&1 | head -5')).toBe(
      'ls',
    );
    expect(powershellScript('powershell.exe -File scripts/sweep.ps1')).toBeUndefined();
    expect(powershellScript('powershell -EncodedCommand ZQBjAGgAbwA=')).toBeUndefined();
    expect(powershellScript("powershell 'Get-Date | Out-File d.txt'")).toBe('Get-Date | Out-File d.txt');
    expect(powershellScript('powershell')).toBeUndefined();
    expect(powershellScript('git status')).toBeUndefined();
  });

  it('reads Set-Content, Add-Content, Out-File, redirection and New-Item, literal when the text is quoted', () => {
    expect(written(`powershell.exe -Command "Set-Content -Path notes\\today.md -Value '# Today'"`)).toEqual([
      'redirect literal notes/today.md',
    ]);
    expect(written(`powershell -Command "Add-Content .gitignore 'secrets.txt'"`)).toEqual([
      'redirect literal .gitignore',
    ]);
    expect(written(`pwsh -c "'line one' | Out-File -FilePath out.txt -Encoding utf8"`)).toEqual([
      'redirect literal out.txt',
    ]);
    expect(written(`powershell -Command "echo 'hello' > hello.txt; Get-Date >> log.txt"`)).toEqual([
      'redirect literal hello.txt',
      'redirect log.txt',
    ]);
    expect(written(`powershell -Command "New-Item -ItemType File -Path src -Name app.ps1 -Force"`)).toEqual([
      'redirect literal src/app.ps1',
    ]);
    // An in-place rewrite: the file, without text of its own (like sed -i).
    expect(written(`powershell -Command "(Get-Content a.md) -replace 'x','y' | Set-Content a.md"`)).toEqual([
      'redirect a.md',
    ]);
  });

  it('reads Move-Item, Copy-Item and Rename-Item as moves to the file they create', () => {
    expect(written(`powershell -Command "Move-Item -Path draft.md -Destination notes\\final.md"`)).toEqual([
      'move notes/final.md',
      'move notes/final.md/draft.md',
    ]);
    expect(written(`powershell -Command "Copy-Item a.txt docs\\"`)).toEqual(['move docs', 'move docs/a.txt']);
    expect(written(`powershell -Command "Rename-Item -Path notes\\old.md -NewName new.md"`)).toEqual([
      'move notes/new.md',
    ]);
  });

  it('claims nothing for reads, deletions, test runs, folders, streams, variables and places outside', () => {
    for (const line of [
      `powershell.exe -Command "Get-Content README.md | Select-String 'TODO'"`,
      `powershell.exe -Command "Remove-Item -Recurse -Force build"`,
      `powershell.exe -Command "Invoke-Pester tests\\vault.Tests.ps1 > $null"`,
      `powershell.exe -Command "New-Item -ItemType Directory -Path logs -Force"`,
      `powershell.exe -Command "npm test 2>&1"`,
      `powershell.exe -Command "Set-Content -Path $env:TEMP\\x.txt -Value 'x'"`,
      `powershell.exe -Command "Set-Content (Join-Path $root 'x.txt') 'x'"`,
      `powershell.exe -Command "Set-Content -Path C:\\Windows\\Temp\\x.txt -Value 'x'"`,
      `powershell.exe -Command "Set-Location $HOME; Set-Content a.txt 'x'"`,
      `powershell.exe -Command "Get-ItemProperty 'HKLM:\\SOFTWARE' -Name EnableLUA"`,
    ])
      expect(written(line), line).toEqual([]);
  });

  it('follows Set-Location inside the folder', () => {
    expect(written(`powershell -Command "Set-Location notes; Set-Content a.md 'x'"`)).toEqual([
      'redirect literal notes/a.md',
    ]);
  });
});
