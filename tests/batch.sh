echo "1..0 # SKIP todo"
