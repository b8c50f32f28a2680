for mode in one full; do
  : > /tmp/mport.txt; node minimal.mjs $mode > /dev/null 2>&1 & PID=$!
  for i in $(seq 1 60); do [ -s /tmp/mport.txt ] && break; sleep 0.5; done; PORT=$(cat /tmp/mport.txt)
  npx autocannon -c 50 -d 2 http://127.0.0.1:$PORT/ > /dev/null 2>&1
  S=$(cat /proc/$PID/stat | awk '{print $14+$15}')
  OUT=$(npx autocannon -c 50 -d 8 -j http://127.0.0.1:$PORT/ 2>/dev/null)
  E=$(cat /proc/$PID/stat | awk '{print $14+$15}')
  N=$(echo "$OUT" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).requests.total))')
  echo "$mode: $N requests in 8 s, $(( (E-S)*10000 / N )) µs node CPU each"
  kill $PID; sleep 3; : > /tmp/mport.txt
done
