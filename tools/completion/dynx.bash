# Bash completion for dynx, dynx-capture, dynx-explain, dynx-guard-diff,
# dynx-aot and dynx-run (installed under each name).

_dynx_options() {
  case "$1" in
    dynx-capture) echo "-o --output --target --cache-limit --dynamic --mark-dynamic --verify --python --no-auto --list-frames -m -h --help --version" ;;
    dynx-explain) echo "--json --html --fail-on-breaks --fail-on-recompiles --color --width -o --output --target --cache-limit --dynamic --mark-dynamic --verify --python --no-auto -m -h --help --version" ;;
    dynx-guard-diff) echo "--json --entry --inputs -h --help --version" ;;
    dynx-aot) echo "-o --output --graph --weights --weights-from --backend --dynamic --rpath --bundle --device --verify --atol --rtol --all-outputs --no-plan --python --cxx --cache-dir --no-cache --emit-source --stop-after -q --quiet -h --help --version" ;;
    dynx-run) echo "--input --example --output-dir --bench --warmup --threads --weights --json -h --help --version" ;;
  esac
}

_dynx_tool() {
  local tool=$1 cur=$2 prev=$3
  case "$prev" in
    --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    --dynamic) COMPREPLY=($(compgen -W "auto off" -- "$cur")); return ;;
    --weights) if [ "$tool" = dynx-aot ]; then COMPREPLY=($(compgen -W "embedded external" -- "$cur")); return; fi ;;
    --backend) COMPREPLY=($(compgen -W "auto native libtorch" -- "$cur")); return ;;
    --stop-after) COMPREPLY=($(compgen -W "codegen" -- "$cur")); return ;;
    -o|--output|--html|--emit-source|--weights-from|--example|--python|--cxx)
      COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --cache-dir|--output-dir) COMPREPLY=($(compgen -d -- "$cur")); return ;;
    --graph|--entry|--target|--cache-limit|--mark-dynamic|--atol|--rtol|--bench|--warmup|--threads|--width|--fail-on-breaks|--fail-on-recompiles|--inputs)
      return ;;
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$(_dynx_options "$tool")" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}

_dynx() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
  local command=${COMP_WORDS[0]##*/}
  if [ "$command" = dynx ]; then
    if [ "$COMP_CWORD" -eq 1 ]; then
      COMPREPLY=($(compgen -W "capture explain guard-diff aot run help --help --version" -- "$cur"))
      return
    fi
    if [ "${COMP_WORDS[1]}" = help ]; then
      COMPREPLY=($(compgen -W "capture explain guard-diff aot run" -- "$cur"))
      return
    fi
    command=dynx-${COMP_WORDS[1]}
  fi
  _dynx_tool "$command" "$cur" "$prev"
}

complete -o filenames -F _dynx dynx dynx-capture dynx-explain dynx-guard-diff dynx-aot dynx-run
